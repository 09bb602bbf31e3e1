// The leads feature's door: what the app and other features may use (eslint.config.js).
export { leadsModels } from './lead.models.js';
export { captchaWorkFactor } from './lead-rate-limit.js';
export { corsByPath, leadsRoutes } from './leads.routes.js';
export { leadFromMail, type MailLead } from './mail-lead.js';
