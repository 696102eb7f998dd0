export * from './client.js';
export { DDRAGON_FALLBACK_VERSION, DEFAULT_DDRAGON_BASE_URL } from './data-dragon.js';
export type { CreateTournamentCodesInput, UpdateTournamentCodeInput } from './tournament.js';
export { DEFAULT_RETRY_AFTER_MS, parseRetryAfter } from './transport.js';
export * from './errors.js';
export * from './routing.js';
export type * from './types.js';
export { TOURNAMENT_MAP_TYPES, TOURNAMENT_PICK_TYPES, TOURNAMENT_SPECTATOR_TYPES } from './types.js';
