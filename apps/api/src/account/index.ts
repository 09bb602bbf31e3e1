// The account feature's door: what the app and other features may use (eslint.config.js).
export { accountModels } from './account.models.js';
export { accountRoutes } from './account.routes.js';
export { endPasswordTokens, pendingEmailChangeOf } from './account-tokens.js';
export { emailChanged, type EmailChangedUser } from './email-changed.js';
