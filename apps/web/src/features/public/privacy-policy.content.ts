import { MIN_AGE } from '@scrim-gym/shared';
import type { PolicyAction, PolicySection } from './pages/PolicyPage';

/** Days within which an account's data is deleted. */
export const DATA_DELETION_DAYS = 30;

export const PRIVACY_TITLE = 'Privacy Policy';

export const PRIVACY_INTRO =
  'This policy explains what information Scrim Gym collects when you use the service, why we collect it, and the choices you have. We keep it short because we collect as little as we can.';

/** The twelve numbered sections of the privacy policy. */
export const PRIVACY_SECTIONS: readonly PolicySection[] = [
  {
    title: 'Who we are',
    blocks: [
      'Scrim Gym is a community web app where League of Legends players find, join, schedule and cast custom 5v5 practice matches (scrims).',
      'Scrim Gym is not affiliated with, endorsed by or sponsored by Riot Games. League of Legends and Riot Games are trademarks or registered trademarks of Riot Games, Inc.',
    ],
  },
  {
    title: 'Children',
    blocks: [
      `Scrim Gym is not for children under ${MIN_AGE}. You must be at least ${MIN_AGE} years old to create an account, and we do not knowingly collect personal data from anyone under ${MIN_AGE}. If you believe a child under ${MIN_AGE} has given us personal data, contact us and we will delete the account and its data.`,
    ],
  },
  {
    title: 'Data we collect',
    blocks: [
      'When you sign up through Riot Sign On or Google sign-in and create your summoner profile, we collect:',
      {
        list: [
          'your account ID from the sign-in provider;',
          'your summoner name and tagline;',
          'your rank;',
          'your region;',
          'the discord username you supply;',
          'your match statistics: the scrims you played or casted, wins, losses, experience and level.',
        ],
      },
      'When you use the social features, we also keep what you choose to send: friend requests, messages and scrim chat, and any post-game image you upload.',
    ],
  },
  {
    title: 'How we use your data',
    blocks: [
      'We use your data only to run Scrim Gym:',
      {
        list: [
          'to create your account and keep you signed in;',
          'to place you in scrims and show your team, role and rank to the other players of that scrim;',
          'to show your profile, statistics and friends to other signed-in players;',
          'to send the notifications you expect, such as friend requests and scrim start times;',
          'to keep the community safe, including moderation and bans.',
        ],
      },
    ],
  },
  {
    title: 'We never sell your data',
    blocks: [
      'Your personal data is never sold, rented or traded. We do not use it for advertising and we do not share it with advertisers or data brokers.',
      'We share it only with the services that host and run Scrim Gym for us, bound by confidentiality, or when the law requires it.',
    ],
  },
  {
    title: 'Cookies and browser storage',
    blocks: [
      'Scrim Gym uses a single session cookie to keep you signed in. It is strictly necessary, cannot be read by page scripts, and is removed when you log out or the session ends.',
      'We use no advertising or tracking cookies. Your browser also remembers a few preferences locally, such as the messenger volume; they never leave your device.',
    ],
  },
  {
    title: 'Retention and deletion',
    blocks: [
      `We keep your data while your account exists. When you delete your account, your personal data is deleted within ${DATA_DELETION_DAYS} days of account deletion.`,
      'Scrim results may be kept without your personal data so that the other players’ statistics stay correct.',
    ],
  },
  {
    title: 'Security',
    blocks: [
      'Connections to Scrim Gym are encrypted, sessions can be revoked at any time, and every action is checked on our servers. Lobby names and passwords are shown only to the players, casters and admins of that scrim.',
      'No system is perfectly secure, but we work to protect your data and will tell affected users promptly if a breach happens.',
    ],
  },
  {
    title: 'Your rights',
    blocks: [
      'You can see and correct your profile at any time in Settings. You may also ask us for a copy of your data, ask us to correct or delete it, or object to how we use it. We answer every request within 30 days.',
    ],
  },
  {
    title: 'Third-party services',
    blocks: [
      'Sign-in is handled by Riot Sign On or Google, under their own privacy policies. Ranks, summoner levels and tournament codes come from the Riot Games API. The user guide embeds a Google Slides presentation, and our community pages on Twitch, Discord and X follow their own policies.',
    ],
  },
  {
    title: 'Changes to this policy',
    blocks: [
      'We may update this policy as Scrim Gym grows. The date at the top shows the latest version; when a change matters, we will tell you in the app before it applies.',
    ],
  },
  {
    title: 'Contact us',
    blocks: [
      'Questions, requests or concerns about your privacy? Reach the Scrim Gym team on our Discord server (discord.gg/scrimgym) or message an admin in the app.',
    ],
  },
];

export const PRIVACY_ACTIONS: readonly PolicyAction[] = [
  { label: 'Back to Sign Up', to: '/signup' },
  { label: 'Terms of Service', to: '/terms-of-service' },
];
