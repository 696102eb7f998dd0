/** Texts and links of the landing page, kept in one place. */

export type SocialNetwork = 'twitch' | 'discord' | 'x';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  description: string;
  href: string;
  /** The address as shown on the tile. */
  display: string;
}

/** The streaming channel, the chat community and the social network. */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    network: 'twitch',
    label: 'Twitch',
    description: 'Watch casted customs live',
    href: 'https://www.twitch.tv/scrimgym',
    display: 'twitch.tv/scrimgym',
  },
  {
    network: 'discord',
    label: 'Discord',
    description: 'Find teammates and chat',
    href: 'https://discord.gg/scrimgym',
    display: 'discord.gg/scrimgym',
  },
  {
    network: 'x',
    label: 'X (Twitter)',
    description: 'News, events and giveaways',
    href: 'https://x.com/scrimgym',
    display: 'x.com/scrimgym',
  },
];

export type InfoCardId = 'events' | 'community' | 'coaching';

export interface InfoCardContent {
  id: InfoCardId;
  title: string;
  text: string;
  points: readonly string[];
}

/** The three info cards. */
export const INFO_CARDS: readonly InfoCardContent[] = [
  {
    id: 'events',
    title: 'Events and tournaments',
    text: 'Casted customs every Friday, community tournaments with prizes, and regular giveaways.',
    points: ['Friday casted customs', 'Tournaments with prizes', 'Giveaways'],
  },
  {
    id: 'community',
    title: 'Community',
    text: 'Meet players of your rank and region, add friends and talk it over in every lobby’s chat.',
    points: ['Friends and messenger', 'Scrim chat rooms', 'Profiles and stats'],
  },
  {
    id: 'coaching',
    title: 'Free coaching',
    text: 'Sharpen your game with free coaching from experienced players, before and after your scrims.',
    points: ['Role and macro tips', 'Game reviews', 'Open to every rank'],
  },
];

export const HERO = {
  eyebrow: '5v5 League of Legends scrims',
  description:
    'Scrim Gym brings players together for 5v5 custom practice matches. Pick a date and region, lock in your role, and play against a full lobby of players who want to get better too.',
  signUp: 'Sign Up',
  guide: 'How it works',
} as const;

export const STEPS: readonly { title: string; text: string }[] = [
  { title: 'Create your profile', text: 'Sign up with your summoner name, tagline, region, rank and discord.' },
  { title: 'Pick a scrim', text: 'Browse the scrims of any day in your region, public or shared by link.' },
  { title: 'Lock in your role', text: 'Join a team as Top, Jungle, Mid, ADC or Support, or join as a caster.' },
  { title: 'Play and report', text: 'Lobby details unlock once ten players are in; the captain reports the winner.' },
];

export const SECTIONS = {
  features: {
    title: 'More than a lobby finder',
    text: 'Scrim Gym is a community of players who practise together, every day of the week.',
  },
  steps: { title: 'How it works' },
  community: {
    title: 'Join the community',
    text: 'Watch casted customs, find teammates and catch the next event.',
  },
} as const;

export const NEW_TAB_HINT = '(opens in a new tab)';
