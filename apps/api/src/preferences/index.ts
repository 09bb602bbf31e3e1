// The preferences feature's door: what the app and other features may use (eslint.config.js).
export { originOf, preferencesRoutes } from './preferences.routes.js';
export { calendarSecretHash } from './preferences.service.js';
