// The profile feature's door: what the app and other features may use (eslint.config.js).
export { profileRoutes } from './profile.routes.js';
export { photoModels } from './photo.model.js';
export { photoRoutes } from './photo.routes.js';
export { deletePhotosOf } from './user-photos.js';
