import { MIN_AGE } from '@scrim-gym/shared';
import type { PolicyAction, PolicySection } from './pages/PolicyPage';

/** The least share of tournament entry fees that goes to the prize pool, in percent. */
export const PRIZE_POOL_MIN_PERCENT = 70;

export const TERMS_TITLE = 'Terms of Service';

export const TERMS_INTRO =
  'These terms are the rules of Scrim Gym. They keep scrims fair and fun for everyone, so please read them before you sign up.';

/** The sixteen numbered sections of the terms of service. */
export const TERMS_SECTIONS: readonly PolicySection[] = [
  {
    title: 'Acceptance of these terms',
    blocks: [
      'By creating an account or using Scrim Gym you agree to these terms and to our Privacy Policy. If you do not agree, please do not use the service.',
    ],
  },
  {
    title: 'Eligibility',
    blocks: [
      {
        list: [
          `You must be at least ${MIN_AGE} years old to use Scrim Gym.`,
          'One account per person: do not create or play on several accounts, and do not share your account.',
          'Your summoner name, tagline, rank, discord username and region must be accurate and your own, so that teammates and opponents can find you.',
        ],
      },
    ],
  },
  {
    title: 'Your account',
    blocks: [
      'You sign in through Riot Sign On or Google. You are responsible for what happens on your account, so keep your sign-in secure and tell us at once if you think someone else has used it.',
    ],
  },
  {
    title: 'Joining scrims',
    blocks: [
      'You may join a team and role, or join as a caster, in any scrim open to you. Join only the scrims you can play, be in the lobby on time, and leave the scrim early if your plans change so that someone else can take the spot.',
    ],
  },
  {
    title: 'Scrim hosts and rules',
    blocks: [
      'The scrim host sets the rules of each scrim, such as the draft format, start time and lobby settings. By joining a scrim you agree to follow its rules.',
    ],
  },
  {
    title: 'Lobby captains and results',
    blocks: [
      'Each full scrim has a lobby captain. Scrim captains report results: the captain runs the lobby and reports the winning team honestly once the game is over. A reported winner cannot be reversed by the captain; admins may correct a wrong result. Reporting a false result is a breach of these terms.',
    ],
  },
  {
    title: 'Casting and streaming',
    blocks: [
      'Scrims may be casted and streamed, including on the Scrim Gym channel. By joining a casted scrim you agree that your summoner name and gameplay may be shown on stream. Casters must stay respectful and must not share lobby details.',
    ],
  },
  {
    title: 'Tournaments and entry fees',
    blocks: [
      {
        list: [
          'Any entry fee must be clearly stated before you register for a tournament.',
          `At least ${PRIZE_POOL_MIN_PERCENT}% of tournament entry fees go to the prize pool.`,
          'The prize distribution, schedule and rules are published with each tournament. If a tournament is cancelled, entry fees are refunded.',
        ],
      },
    ],
  },
  {
    title: 'Events, prizes and giveaways',
    blocks: [
      'Events, prizes and giveaways come with their own published rules and eligibility. Prizes are not transferable, and we may verify a winner’s identity and eligibility before awarding one.',
    ],
  },
  {
    title: 'Code of conduct',
    blocks: [
      'Treat every player, caster and admin with respect. You must not:',
      {
        list: [
          'harass, threaten, insult or discriminate against anyone, in game, in chat or on our community channels;',
          'cheat, use scripts or exploits, or play on someone else’s account;',
          'throw games, grief, or leave a scrim without notice;',
          'share lobby passwords or tournament codes with people outside the scrim;',
          'spam, advertise, or post illegal or sexual content.',
        ],
      },
    ],
  },
  {
    title: 'Bans and enforcement',
    blocks: [
      'Admins may warn, remove from scrims, or ban any account that breaks these terms, for a set time or permanently. A banned account cannot sign in or take part until the ban ends; the ban’s end date and reason are shown when you try. You may appeal a ban on our Discord server.',
    ],
  },
  {
    title: 'Your content',
    blocks: [
      'You keep the rights to what you post, such as messages and post-game images. You allow Scrim Gym to store and show it to the people it is meant for, for as long as it stays on the service. We may remove content that breaks these terms.',
    ],
  },
  {
    title: 'Riot Games',
    blocks: [
      'Scrim Gym is not affiliated with, endorsed by or sponsored by Riot Games. League of Legends and Riot Games are trademarks or registered trademarks of Riot Games, Inc. Your use of League of Legends remains subject to Riot Games’ own terms.',
    ],
  },
  {
    title: 'Privacy',
    blocks: ['How we collect and use your data is explained in our Privacy Policy, which is part of these terms.'],
  },
  {
    title: 'Disclaimers and liability',
    blocks: [
      'Scrim Gym is a free community service provided “as is”. We do our best to keep it running and accurate, but we cannot promise it will always be available or free of errors. To the extent the law allows, we are not liable for indirect losses arising from your use of the service.',
    ],
  },
  {
    title: 'Changes, termination and contact',
    blocks: [
      'We may update these terms; when a change matters, we will tell you in the app before it applies. You may stop using Scrim Gym and delete your account at any time. Questions? Reach us on our Discord server (discord.gg/scrimgym).',
    ],
  },
];

export const TERMS_ACTIONS: readonly PolicyAction[] = [
  { label: 'Back to Sign Up', to: '/signup' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
];
