/**
 * An in-memory stand-in for the API over MSW, answering with the shapes, codes and error bodies
 * of apps/api (validated with the same shared schemas), so screens are tested against realistic
 * answers. The API itself is tested against a real database in apps/api.
 *
 * Split by resource under fake-api/ (issue 34), one module per contract group, each with its
 * handlers beside the state they keep: db.ts (the store and its seed helpers), sessions.ts (who
 * calls), http.ts (`fake`, error answers, tickets, paging), then requests, auth, users, leads,
 * settings, activities (and the agenda), emails, preferences, dashboard, board-views, profile, account
 * (links, mail, invitations), imports, two-factor, audit and (issue 36) API tokens and events
 * (the live stream). This file is their one door.
 */
import { accountRoutes, resetAccountFake } from './fake-api/account';
import { activityRoutes } from './fake-api/activities';
import { auditRoutes, resetAuditFake } from './fake-api/audit';
import { authRoutes } from './fake-api/auth';
import { boardViewRoutes } from './fake-api/board-views';
import { dashboardRoutes } from './fake-api/dashboard';
import { emailRoutes, resetEmailsFake } from './fake-api/emails';
import { eventRoutes, resetEventsFake } from './fake-api/events';
import { fileRoutes, resetFilesFake } from './fake-api/files';
import { db, defaultSettings } from './fake-api/db';
import { importRoutes, resetImportsFake } from './fake-api/imports';
import { LEAD_POLL_AFTER_MS, leadRoutes, leadPoll } from './fake-api/leads';
import { preferenceRoutes } from './fake-api/preferences';
import { profileRoutes } from './fake-api/profile';
import { requestRoutes } from './fake-api/requests';
import { settingsRoutes } from './fake-api/settings';
import { tokenRoutes } from './fake-api/tokens';
import { resetWebhooksFake, webhookRoutes } from './fake-api/webhooks';
import { routesHandler } from './fake-api/router';
import { resetTwoFactorFake, twoFactorRoutes } from './fake-api/two-factor';
import { userRoutes } from './fake-api/users';

export {
  addRequest,
  addUser,
  db,
  newId,
  PASSWORD,
  record,
  SOLVED_CAPTCHA,
  tokenFor,
  type Call,
  type StoredHistoryEntry,
  type StoredUser,
} from './fake-api/db';
export {
  accountMail,
  addInvitedUser,
  endPasswordTokens,
  endSessions,
  issueAccountToken,
  lastLink,
  pendingEmails,
  resetAccountFake,
  tokenOfLink,
} from './fake-api/account';
export { addActivity } from './fake-api/activities';
export { addEmailTemplate, addReceivedEmail, emailTemplates, fakeMail } from './fake-api/emails';
export {
  dropStreams,
  fakeEvents,
  publishChanges,
  publishEvent,
  pruneEvents,
} from './fake-api/events';
export { addMailFile } from './fake-api/files';
export { addAuditEntry, fakeAudit } from './fake-api/audit';
export { addBoardView, rememberBoardFilters, storedBoardFilters } from './fake-api/board-views';
export { moveAt } from './fake-api/dashboard';
export { fakeImports } from './fake-api/imports';
export { leadPoll } from './fake-api/leads';
export { savePreferences } from './fake-api/preferences';
export { addSession } from './fake-api/sessions';
export { resetTwoFactorFake, twoFactorAfterPassword, twoFactorFake } from './fake-api/two-factor';
export { addApiToken } from './fake-api/tokens';
export { addWebhook, addWebhookDelivery, fakeWebhooks } from './fake-api/webhooks';

/**
 * Every endpoint, the first route that matches answering: within requests, every fixed
 * /api/form-contact/… path before `/:id`, as the API routes them (no two groups share a path).
 * One MSW handler routes them all (router.ts); a test's `server.use(…)` still goes first.
 */
export const routes = [
  ...requestRoutes,
  ...authRoutes,
  ...userRoutes,
  ...leadRoutes,
  ...settingsRoutes,
  ...activityRoutes,
  ...emailRoutes,
  ...fileRoutes,
  ...preferenceRoutes,
  ...dashboardRoutes,
  ...boardViewRoutes,
  ...profileRoutes,
  ...accountRoutes,
  ...importRoutes,
  ...twoFactorRoutes,
  ...auditRoutes,
  ...tokenRoutes,
  ...webhookRoutes,
  ...eventRoutes,
];
export const handlers = [routesHandler(routes)];

export function resetDb() {
  db.users = [];
  db.settings = defaultSettings();
  db.requests = [];
  db.calls = [];
  db.history.clear();
  db.activities.clear();
  db.revokedTokens.clear();
  db.apiTokens = [];
  db.failures.clear();
  db.latencyMs = 0;
  leadPoll.afterMs = LEAD_POLL_AFTER_MS;
  resetAccountFake();
  resetImportsFake();
  resetAuditFake();
  resetTwoFactorFake();
  resetEmailsFake();
  resetFilesFake();
  resetWebhooksFake();
  resetEventsFake();
}
