// The auth feature's door: what the app and other features may use (eslint.config.js).
export { authModels } from './auth.models.js';
export { authRoutes } from './auth.routes.js';
export { apiTokensRoutes } from './api-tokens.routes.js';
export { verifyCurrentPassword, type VerifiedUser } from './current-password.js';
export { hasTwoFactor, resetTwoFactor } from './two-factor.service.js';
export { accessGuards, currentUser, isAdmin, type AuthUser, type Caller } from './authenticate.js';
export { closeOtherSessions, closeSession, endSessions, listSessions } from './sessions.js';
export { callerKey, liveCallers } from './live-callers.js';
export { ticketedPath } from './tickets.js';
export { deviceOf } from './user-agent.js';
