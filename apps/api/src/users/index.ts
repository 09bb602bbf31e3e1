// The users feature's door: what the app and other features may use (eslint.config.js).
export { ensureFirstAdmin } from './first-admin.js';
// The reminders' recipients, read in batches (issue 32).
export {
  digestRecipientsIn,
  digestTimeZones,
  recipientsByIds,
  type MailRecipient,
} from './mail-recipients.js';
export { userDirectory } from './user-lookups.js';
// The demo seed's users (seed/, issue 34).
export { replaceDemoUsers, type DemoUserRow } from './demo-users.js';
// A user's preferences, as preferences/ and calendar/ read and write them (issue 34).
export {
  setCalendarSecretHash,
  setStoredPreferences,
  storedPreferencesOf,
  userIdByCalendarSecretHash,
  type StoredPreferences,
} from './user-preferences.js';
export { usersModels } from './user.model.js';
export { usersRoutes } from './users.routes.js';
