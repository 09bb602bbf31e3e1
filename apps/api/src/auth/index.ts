// The auth feature's door: what the app and other features may use (eslint.config.js).
export { authModels } from './auth.models.js';
export { authRoutes } from './auth.routes.js';
export { accessGuards, currentUser, isAdmin, type Caller } from './authenticate.js';
