export * from './enums.js';
export * from './limits.js';
export * from './api.js';
export * from './messages.js';
export * from './table-edit.js';
export * from './chats.js';
export * from './auth.js';
export * from './organizations.js';
