export * from './comm.js';
export * from './competition.js';
export * from './config.js';
export * from './meeting.js';
export * from './registration.js';
export * from './system.js';
