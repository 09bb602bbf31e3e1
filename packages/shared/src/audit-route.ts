/*
 * Where the audit log's screen is (issue 32), apart from audit.ts: the app's route titles and
 * Ajustes' link need these two strings on every page, and a page that imported audit.ts for them
 * would carry its schemas and labels too (a bundler keeps a module whole in one chunk).
 */

/** The screen's path, a sub-route of Ajustes (the alert mails link to it). */
export const AUDIT_PATH = '/main/settings/audit';

/** The screen's title (the route titles and Ajustes' link). */
export const AUDIT_TITLE = 'Registro de auditoría';
