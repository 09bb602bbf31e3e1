// The board views feature's door: what the app and other features may use (eslint.config.js).
export { boardViewsModels } from './board-views.model.js';
export { boardViewsRoutes } from './board-views.routes.js';
