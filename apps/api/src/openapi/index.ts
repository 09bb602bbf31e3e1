// The OpenAPI feature's door: what the app may use (eslint.config.js).
export { openapiRoutes } from './openapi.routes.js';
