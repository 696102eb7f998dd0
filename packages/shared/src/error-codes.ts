/**
 * Every machine `code` the server answers with: in an HTTP error body `{error, code}`, a socket acknowledgement
 * `{ok: false, error, code}` and a refused handshake's `data.code`. A closed list, so a client can match a code
 * through the type and the OpenAPI document lists them all: a new code is added here first (the server's error
 * helpers take only these). The human text travels beside it in `error`; clients show that, not the code.
 * No zod here (the first bundle matches codes): the schema is `errorCodeSchema` in schemas/common.ts.
 */
export const ERROR_CODES = [
  // Generic, one per status
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
  // Requests and sockets refused before any handler
  'BAD_PATH',
  'CROSS_ORIGIN',
  'UNKNOWN_EVENT',
  'TOO_MANY_ROOMS',
  // Sessions, sign-in and registration
  'BANNED',
  'NO_ACCOUNT',
  'BAD_ADMIN_KEY',
  'IDENTITY_MISMATCH',
  'NAME_TAKEN',
  'DISCORD_TAKEN',
  'EMAIL_TAKEN',
  'ALREADY_REGISTERED',
  'UNKNOWN_PROVIDER',
  'PROVIDER_UNAVAILABLE',
  'BAD_STATE',
  'OIDC_DENIED',
  'OIDC_FAILED',
  // Users, profiles, accounts and admin
  'USER_NOT_FOUND',
  'NOT_OWNER',
  'NOT_YOURSELF',
  'BAD_CURSOR',
  'CONFIRMATION_MISMATCH',
  'ADMIN_NOT_BANNABLE',
  'ALREADY_BANNED',
  'NOT_BANNED',
  // Community hosts
  'ALREADY_HOST',
  'NOT_A_HOST',
  'USER_BANNED',
  // Scrims
  'SCRIM_NOT_FOUND',
  'NOT_CAPTAIN',
  'NOT_HOST',
  'HOST_LIMIT',
  'START_TOO_SOON',
  'BAD_HOST',
  'GAME_OVER',
  'SCRIM_ABANDONED',
  'SPOT_TAKEN',
  'ALREADY_PLAYER',
  'ALREADY_CASTER',
  'NOT_A_PLAYER',
  'NOT_A_CASTER',
  'CASTING_OFF',
  'CAST_FULL',
  'NOT_STARTED',
  'WINNER_SET',
  'ADMIN_RESULT_ONLY',
  'TEAMS_NOT_FULL',
  'IMAGE_EXISTS',
  'NO_IMAGE',
  'NOT_AN_IMAGE',
  'IMAGE_TOO_BIG',
  // Balanced teams (sign-ups instead of slots; "Balance teams")
  'NOT_BALANCED',
  'BALANCED_SCRIM',
  'MODE_LOCKED',
  'SIGNUP_LOCKED',
  'ALREADY_SIGNED_UP',
  'NOT_SIGNED_UP',
  'SIGNUPS_FULL',
  'ALREADY_STARTED',
  // Ratings and leaderboards
  'SEASON_NOT_FOUND',
  // Tournament codes (Riot)
  'TOURNAMENT_CODE_OFF',
  'RIOT_FAILED',
  // Riot account link (Riot Sign On)
  'RSO_NOT_CONFIGURED',
  'RIOT_ACCOUNT_TAKEN',
  'RIOT_NOT_LINKED',
  'RIOT_LINKED',
  // Sign-up and Riot ID edits with a Riot API key: account-v1 does not know the Riot ID
  'RIOT_ID_NOT_FOUND',
  // Friends, notifications, conversations and messages
  'SELF_FRIEND_REQUEST',
  'ALREADY_FRIENDS',
  'FRIEND_REQUEST_EXISTS',
  'FRIEND_REQUEST_NOT_FOUND',
  'NOT_FRIENDS',
  'NOTIFICATION_NOT_FOUND',
  'CONVERSATION_NOT_FOUND',
  'SELF_CONVERSATION',
  'NOT_A_MEMBER',
  'SCRIM_CHAT_FORBIDDEN',
  'WRONG_RECEIVER',
  'RECEIVER_DELETED',
  // Reported results, ratings and seasons
  'NO_RESULT',
  'RESULT_CONFIRMED',
  'RESULT_DISPUTED',
  'RESULT_WINDOW_OVER',
  'NOT_OTHER_TEAM',
  'NOT_DISPUTED',
  'NOT_IMPARTIAL',
  // Calendar feeds
  'CALENDAR_NOT_FOUND',
  // Waitlists, cooldowns and cancelled scrims
  'SCRIM_CANCELLED',
  'COOLDOWN',
  'ALREADY_WAITLISTED',
  'NOT_WAITLISTED',
  'SLOT_AVAILABLE',
  // Discord announcements: a test message to a region without a webhook
  'NO_WEBHOOK',
  // Web Push
  'PUSH_ENDPOINT_REFUSED',
  // Check-in and substitutes
  'CHECK_IN_OFF',
  'CHECK_IN_NOT_OPEN',
  'CHECK_IN_CLOSED',
  'SUBSTITUTE_BANNED',
  // A place a host or admin gave, confirmed by its player
  'NOT_PLACED',
  // Match stats from Riot
  'MATCH_ID_INVALID',
  'MATCH_WRONG_REGION',
  'MATCH_NOT_FOUND',
  'MATCH_PLAYERS_MISMATCH',
  'MATCH_ALREADY_ATTACHED',
  'SCRIM_HAS_MATCH',
  'RIOT_RATE_LIMITED',
  // Teams and their invites
  'TEAM_NOT_FOUND',
  'TEAM_NAME_TAKEN',
  'TEAM_TAG_TAKEN',
  'TEAM_LIMIT',
  'NOT_TEAM_CAPTAIN',
  'NOT_TEAM_OWNER',
  'NOT_TEAM_MEMBER',
  'ALREADY_TEAM_MEMBER',
  'OWNER_MUST_HAND_OVER',
  'INVITE_NOT_FOUND',
  'INVITE_EXPIRED',
  'INVITE_REVOKED',
  'SERIES_SCHEDULED',
  // The scrim board and series
  'SCRIM_POST_NOT_FOUND',
  'SCRIM_POST_CLOSED',
  'SCRIM_REQUEST_NOT_FOUND',
  'SCRIM_REQUEST_CLOSED',
  'SCRIM_REQUEST_EXISTS',
  'OWN_SCRIM_POST',
  'TEAM_WRONG_REGION',
  'START_TOO_FAR',
  'SERIES_NOT_FOUND',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);
