/** Texts and pictures of the user guide (/guide): the app's own screens, taken by apps/web/scripts/guide-screenshots.mjs. */
import captainReports from './assets/guide/captain-reports.webp';
import cast from './assets/guide/cast.webp';
import chat from './assets/guide/chat.webp';
import findAScrim from './assets/guide/find-a-scrim.webp';
import joinASlot from './assets/guide/join-a-slot.webp';
import lobbyPassword from './assets/guide/lobby-password.webp';
import profile from './assets/guide/profile.webp';

import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  LATE_LEAVE_HOURS,
  NO_SHOW_COOLDOWNS_HOURS,
  RELIABILITY_MIN_COMMITMENTS,
  RELIABILITY_WINDOW,
} from '@scrim-gym/shared';

export const GUIDE_TITLE = 'User Guide';

export const GUIDE_INTRO =
  'Everything you need for your first scrim, from finding a game to reporting the winner, shown on the real app.';

export const GUIDE_SIGN_UP = {
  title: 'Before you start: sign up',
  text: 'Choose Sign Up and fill in your summoner profile: summoner name, tagline (without #, e.g. NA1), region, discord username and rank. Use your real in-game details so other players can find you.',
} as const;

/** The size every guide picture is saved at (960×600): set on each image so the page never jumps. */
export const GUIDE_IMAGE_SIZE = { width: 960, height: 600 } as const;

export interface GuideSection {
  id: string;
  title: string;
  text: string;
  image: string;
  /** What the picture shows, for those who cannot see it. */
  alt: string;
}

export const GUIDE_SECTIONS: readonly GuideSection[] = [
  {
    id: 'find-a-scrim',
    title: 'Find a scrim',
    text: 'Open Browse Scrims. Pick your region and a date to see that day’s games: current, upcoming and previous scrims, with how many are playing now. A private scrim only appears through its share link.',
    image: findAScrim,
    alt: 'The Scrims Hub: region and date pickers, the Previous, Current and Upcoming filters, counters for playing now, upcoming and completed scrims, and the list of current scrims.',
  },
  {
    id: 'join-a-slot',
    title: 'Join a team and role',
    text: 'Open a scrim and pick an open slot on Team One (Blue Side) or Team Two (Red Side): Top, Jungle, Mid, ADC or Support. You can move to another open slot, or leave, before the game starts.',
    image: joinASlot,
    alt: 'A scrim page before its start: the countdown, and both teams listed by role, with Join buttons on the open slots.',
  },
  {
    id: 'lobby-password',
    title: 'Get the lobby name and password',
    text: 'As soon as the game has started and all ten players are in, the lobby details appear at the top of the scrim for its players: the lobby name and password (and a tournament code when there is one). Copy them with one click and join from the League client.',
    image: lobbyPassword,
    alt: 'A full scrim that has started, seen by one of its players: the lobby panel at the top with the lobby name, the password and their copy buttons, and who hosts the lobby.',
  },
  {
    id: 'captain-reports',
    title: 'The captain reports the winner',
    text: 'One of the ten players is the lobby captain: they create the lobby in the client and, after the game, report the winning team on the scrim page. Wins, games played and games casted count towards everyone’s level.',
    image: captainReports,
    alt: 'The same scrim seen by its lobby captain: the panel tells them to create the lobby and report the winner here, with the winner buttons.',
  },
  {
    id: 'cast',
    title: 'Cast a game',
    text: 'Prefer to commentate? Choose Join Cast on a scrim that allows casters (up to two per game). A player cannot also be a caster in the same scrim.',
    image: cast,
    alt: 'A scrim page showing its casters and the Join Cast button.',
  },
  {
    id: 'chat',
    title: 'Talk in the scrim chat',
    text: 'Every scrim has its own chat for its players and casters: open it with the chat button on the scrim. Friends can also message each other directly from the messenger in the top bar.',
    image: chat,
    alt: 'The scrim chat open over a scrim page, with a player’s message and the new message box.',
  },
  {
    id: 'profile',
    title: 'Your profile',
    text: 'Your profile shows your rank, level and experience, win rate, games played and casted, and every scrim you took part in. Pick its background in your own profile; add friends from theirs.',
    image: profile,
    alt: 'A player’s profile: summoner name and rank, level progress, friends, the win rate, level progress and games charts, and the activity over time.',
  },
];

/** A cooldown's length in words: whole days from 24 hours, else hours. */
const cooldownLength = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}` : `${hours} hours`;

const COOLDOWNS: readonly number[] = NO_SHOW_COOLDOWNS_HOURS.slice(1);

/** Showing up: check-in, reliability, late leaves, no-shows and cooldowns, from the rules' own constants. */
export const GUIDE_SHOWING_UP = {
  id: 'showing-up',
  title: 'Showing up: check-in, reliability and cooldowns',
  intro:
    'Nine other players count on each of the ten. These rules keep a full lobby full, and they are the same for everyone.',
  items: [
    {
      term: 'Check-in',
      text: `When a scrim is full, its players check in between ${CHECK_IN_OPENS_MINUTES} and ${CHECK_IN_CLOSES_MINUTES} minutes before the start (the scrim page shows the button, and you are reminded). Whoever has not checked in when it closes loses the slot to the first player waiting, and it counts as a no-show.`,
    },
    {
      term: 'Reliability',
      text: `Every scrim you join is a commitment: played or checked in keeps it; a no-show or a late leave breaks it. Your reliability is the share kept of your last ${RELIABILITY_WINDOW}. Until you have ${RELIABILITY_MIN_COMMITMENTS} commitments you are shown as New, never as a percentage. Your profile lists every no-show and late leave with its scrim.`,
    },
    {
      term: 'Late leaves',
      text: `Leaving more than ${LATE_LEAVE_HOURS} hours before the start costs nothing (a reason is optional and goes to the host). Leaving later, or after the start, is a late leave. The Leave dialog tells you exactly how long leaving stays free. If a host or admin put you in a scrim, leaving costs nothing until you check in or confirm the place.`,
    },
    {
      term: 'No-shows and cooldowns',
      text: `Missing check-in, or being replaced by a substitute because you did not come, is a no-show. The first is a warning; the next ${COOLDOWNS.length === 1 ? 'one brings' : 'ones bring'} a cooldown of ${COOLDOWNS.map(cooldownLength).join(', then ')} without joining scrims, slots, sign-ups or waitlists. The cooldown's end is on your profile, and an admin can clear it.`,
    },
  ],
} as const;

export const GUIDE_HELP = {
  title: 'Need a hand?',
  text: 'Ask the community on our Discord server, where players and admins are happy to help.',
  linkLabel: 'Join the Scrim Gym Discord',
  href: 'https://discord.gg/scrimgym',
} as const;
