// The reminders feature's door: what the app and other features may use (eslint.config.js).
export { remindersModels } from './reminder-mail.model.js';
// The outbox, for other features' mails (account/account-mail.ts).
export { appUrlOf, queueMail, type QueuedMail } from './reminders.service.js';
export { startReminders, type RemindersScheduler } from './scheduler.js';
