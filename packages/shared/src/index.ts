export * from './constants.js';
export * from './messages.js';
export * from './fields.js';
export * from './error.js';
export * from './auth.js';
export * from './user.js';
export * from './request.js';
export * from './request-rules.js';
