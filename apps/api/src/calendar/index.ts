// The calendar feature's door: what the app and other features may use (eslint.config.js).
export { calendarRoutes } from './calendar.routes.js';
