export * from './enums.js';
export * from './users.js';
export * from './scrims.js';
export * from './social.js';
export * from './admin.js';
export * from './jobs.js';
export * from './ratings.js';
export * from './showup.js';
