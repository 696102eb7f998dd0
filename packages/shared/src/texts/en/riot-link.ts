/**
 * Riot account link texts (Settings, the link callback's outcome, the server's refusals). Only the pages that show
 * a linked account load them.
 */
export const RIOT_LINK_MESSAGES = {
  notConfigured: 'Riot Sign On is not configured',
  accountTaken: 'This Riot account is already linked to another player.',
  notLinked: 'No Riot account is linked to your account.',
  linkedFieldsLocked:
    'Your Riot account is linked: your Summoner Name, Tagline and rank come from Riot. Unlink it to change them by hand.',
  /** Sign-up or a Riot ID edit with a Riot API key, when account-v1 answers 404 for name#tagline. */
  riotIdNotFound: (name: string, tagline: string) =>
    `No Riot account has the Riot ID ${name}#${tagline}. Check the Summoner Name and Tagline.`,
  riotUnavailable: 'Riot could not be reached, please try again later.',
  noRiotId: 'Riot did not tell us the Riot ID of this account.',
  linked: 'Riot account linked!',
  unlinked: 'Riot account unlinked: your rank is now self-reported.',
  refreshed: 'Rank refreshed from Riot!',
  /** The notification of an unverified account whose name a verified Riot account took. */
  renamedForVerifiedOwner: (name: string, newName: string) =>
    `The owner of the Riot account ${name} linked it through Riot Sign On, so that name is theirs: yours is now ` +
    `${newName}. You can choose another in Settings; everything else stays as it was.`,
  // Settings
  sectionTitle: 'Riot account',
  linkButton: 'Link your Riot account',
  linkHelp: 'Sign in with Riot to prove the account is yours: your Riot ID and Solo/Duo rank then come from Riot.',
  refreshButton: 'Refresh rank',
  unlinkButton: 'Unlink',
  rankFromRiot: 'Rank from Riot',
  rank: 'Rank',
  selfReported: 'self-reported',
  verifiedBadge: 'Verified Riot account',
  primaryRole: 'Primary role',
  secondaryRole: 'Secondary role',
} as const;

/**
 * How the Riot link callback ended: the server redirects to `/settings?riotLink=<outcome>` and the web app shows
 * its own message for it (no text travels in the URL).
 */
export const RIOT_LINK_OUTCOMES = [
  'linked',
  'access_denied',
  'state_mismatch',
  'not_signed_in',
  'banned',
  'account_taken',
  'name_taken',
  'provider_unavailable',
  'not_configured',
  'riot_unavailable',
  'failed',
] as const;
export type RiotLinkOutcome = (typeof RIOT_LINK_OUTCOMES)[number];
export const RIOT_LINK_PARAM = 'riotLink';

/** The text of each outcome. */
export const RIOT_LINK_OUTCOME_MESSAGES: Record<RiotLinkOutcome, string> = {
  linked: RIOT_LINK_MESSAGES.linked,
  access_denied: 'Linking your Riot account was cancelled.',
  state_mismatch: 'Linking expired, please try again.',
  not_signed_in: 'Please sign in, then link your Riot account from Settings.',
  banned: 'This account is banned.',
  account_taken: RIOT_LINK_MESSAGES.accountTaken,
  name_taken: 'Another player already uses the name of this Riot ID in your region.',
  provider_unavailable: 'Riot Sign On is unavailable right now, please try again later.',
  not_configured: RIOT_LINK_MESSAGES.notConfigured,
  riot_unavailable: RIOT_LINK_MESSAGES.riotUnavailable,
  failed: 'Linking your Riot account failed, please try again.',
};

export const isRiotLinkOutcome = (value: unknown): value is RiotLinkOutcome =>
  (RIOT_LINK_OUTCOMES as readonly unknown[]).includes(value);

/** The app's message for an outcome from the URL; null for anything unknown (nothing is shown). */
export const riotLinkOutcomeMessage = (outcome: string | null | undefined): string | null =>
  isRiotLinkOutcome(outcome) ? RIOT_LINK_OUTCOME_MESSAGES[outcome] : null;
