// The reminders feature's door: what the app and other features may use (eslint.config.js).
export { remindersModels } from './reminder-mail.model.js';
export { startReminders, type RemindersScheduler } from './scheduler.js';
