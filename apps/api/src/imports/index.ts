// The imports feature's door (issue 24): what the app and other features may use (eslint.config.js).
export { importsModels } from './import.model.js';
