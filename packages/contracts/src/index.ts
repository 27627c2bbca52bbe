export * from './enums.js';
export * from './limits.js';
export * from './api.js';
export * from './messages.js';
