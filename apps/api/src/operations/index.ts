// The operations feature's door: what the app may use (eslint.config.js).
export { gracefulShutdown } from './graceful-shutdown.js';
export { healthRoutes } from './health.routes.js';
export { listen } from './http-server.js';
