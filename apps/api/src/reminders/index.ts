// The reminders feature's door: what the app and other features may use (eslint.config.js).
export { remindersJob } from './job.js';
