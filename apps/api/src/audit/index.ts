// The audit feature's door: what the app and other features may use (eslint.config.js).
export { auditModels } from './audit.model.js';
export { auditRoutes } from './audit.routes.js';
export { auditScope, auditSettled, recordAudit } from './record.js';
