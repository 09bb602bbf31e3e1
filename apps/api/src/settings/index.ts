// The settings feature's door: what the app and other features may use (eslint.config.js).
export { settingsModels } from './settings.model.js';
export { settingsRoutes } from './settings.routes.js';
export { getSettings, lostReasons } from './settings.service.js';
export { twoFactorRequirement, type TwoFactorRequirementNow } from './two-factor-policy.js';
