/*
 * Accounts: the session and its guards, signing up and in, a user's own fields, and the server's answers about
 * them. MESSAGES is on the landing page: texts only a lazy page shows belong in another module.
 */

/**
 * The spec's text catalogue (sections 2, 5 and 8), word for word. The server's error bodies and the web
 * app's alerts both read from here, so a text changes in one place.
 */
export const MESSAGES = {
  // Session and guards
  verifyingUser: 'Verifying user',
  wakingUp: 'Waking up the server',
  checkingPermissions: 'Checking permissions...',
  pleaseLogin: 'Please login to continue',
  noPermission: 'You do not have permission to access this page',
  loginError: 'error logging in, please try again later.',
  serverError: 'ERROR 503',
  serverErrorText: 'problem connecting to the server. Please try again later.',
  notFound: (path: string) => `Oops, ${path} doesn't exist!`,
  genericError: 'An error occurred',
  pageDescription: 'Find LoL Custom Lobbies!',

  // Accounts
  signupSuccess: 'Account created successfully, welcome!',
  accountUpdated: 'Account details updated!',
  nameTaken: (name: string, region: string) => `Summoner name ${name} in ${region} is already taken!`,
  discordTaken: (discord: string) => `Discord name ${discord} is already taken!`,
  nameLookalike: (name: string, region: string) =>
    `Summoner name ${name} looks too much like a taken name in ${region}: try another`,
  nameAvailable: 'Available',
  signupUnfinished:
    'Your sign-in worked, but your account is not created yet: fix the field marked below, then create it on the last step.',
  nameChecking: 'Checking…',
  fieldEmpty: (field: string) => `${field} is empty!`,
  correctErrors: 'Please correct the following error —',
  taglineHelper: 'Without # (e.g. NA1)',
  taglineHash: 'Tagline should not include # symbol',
  backgroundUpdated: 'Profile background updated!',
  backgroundError: 'Error updating background',

  // Server-side auth answers (not in the original app's catalogue; our own wording)
  notSignedIn: 'You need to sign in first.',
  sessionExpired: 'Your session has expired, please sign in again.',
  noAccount: 'No account found for this sign-in, please sign up first.',
  alreadyRegistered: 'This sign-in already has an account.',
  emailTaken: 'An account with this email already exists.',
  badAdminKey: 'Invalid admin key.',
  adminOnly: 'You do not have permission to access this page',
  banned: (until: string, reason: string) => `You are banned until ${until}. Reason: ${reason}`,
  devLoginDisabled: 'Not found',
  badRequest: 'Invalid request',
  tooManyRequests: 'Too many requests, please slow down.',
  unexpected: 'Something went wrong on our side, please try again.',
} as const;

/** Human labels of the sign-up and settings fields, used in '{field} is empty!'. */
export const FIELD_LABELS = {
  name: 'Summoner Name',
  summonerTagline: 'Tagline',
  region: 'Region',
  discord: 'Discord',
  rank: 'Rank',
  email: 'Email',
} as const;

/**
 * Why a provider sign-in came back refused. The server redirects to `/?authError=<code>` and the web app shows
 * its own message for the code: text in the URL is never shown, so a crafted link cannot put words on our page.
 */
export const AUTH_ERROR_CODES = [
  'access_denied',
  'state_mismatch',
  'banned',
  'provider_unavailable',
  'unknown_provider',
  'failed',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const AUTH_ERROR_PARAM = 'authError';

/** The words the web app shows for each code. */
export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  access_denied: 'Sign-in was cancelled.',
  state_mismatch: 'Sign-in expired, please try again.',
  banned: 'This account is banned.',
  provider_unavailable: 'Sign-in is unavailable right now, please try again later.',
  unknown_provider: 'This sign-in option is not available.',
  failed: MESSAGES.loginError,
};

export const isAuthErrorCode = (value: unknown): value is AuthErrorCode =>
  (AUTH_ERROR_CODES as readonly unknown[]).includes(value);

/** The app's message for a code from the URL; anything unknown gets the catalogue's generic sign-in error. */
export const authErrorMessage = (code: string | null | undefined): string =>
  isAuthErrorCode(code) ? AUTH_ERROR_MESSAGES[code] : MESSAGES.loginError;
