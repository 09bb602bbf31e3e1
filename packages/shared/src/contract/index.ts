export * from './define.js';
export * from './endpoints.js';
export * from './audit-endpoints.js';
export * from './two-factor-endpoints.js';
export * from './two-factor-login-endpoints.js';
export * from './all-endpoints.js';
export * from './validate.js';
