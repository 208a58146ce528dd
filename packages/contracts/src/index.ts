export * from './codes.js';
export * from './comm.js';
export * from './constants.js';
export * from './helpers.js';
export * from './meeting.js';
export * from './registration.js';
export * from './schemas.js';
export * from './system.js';
