// The web app's door: what the app may use (eslint.config.js).
export { serveWeb } from './serve-web.js';
