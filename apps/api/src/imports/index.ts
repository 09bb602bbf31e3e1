// The imports feature's door (issue 24): what the app and other features may use (eslint.config.js).
export { importsModels } from './import.model.js';
export { importJobRoutes } from './import-job.routes.js';
export { importsJob } from './import-run.js';
export { importsRoutes } from './imports.routes.js';
