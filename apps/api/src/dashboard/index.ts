// The dashboard feature's door: what the app and other features may use (eslint.config.js).
export { dashboardRoutes } from './dashboard.routes.js';
