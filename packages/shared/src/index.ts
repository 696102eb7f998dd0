export * from './constants.js';
export * from './messages.js';
export * from './rules/rank.js';
export * from './rules/identity.js';
export * from './rules/scrim-timing.js';
export * from './schemas/common.js';
export * from './schemas/user.js';
export * from './schemas/auth.js';
