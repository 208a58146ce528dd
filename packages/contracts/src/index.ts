export * from './codes.js';
export * from './constants.js';
export * from './helpers.js';
export * from './schemas.js';
