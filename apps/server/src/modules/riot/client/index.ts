export * from './client.js';
export * from './errors.js';
export * from './routing.js';
export type * from './types.js';
export { TOURNAMENT_MAP_TYPES, TOURNAMENT_PICK_TYPES, TOURNAMENT_SPECTATOR_TYPES } from './types.js';
