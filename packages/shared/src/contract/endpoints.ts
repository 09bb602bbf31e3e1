import * as operations from './operations-endpoints.js';
import * as docs from './api-docs-endpoints.js';
import * as captcha from './captcha-endpoints.js';
import * as auth from './auth-endpoints.js';
import * as users from './users-endpoints.js';
import * as requests from './requests-endpoints.js';
import * as imports from './imports-endpoints.js';
import * as activities from './activities-endpoints.js';
import * as dashboard from './dashboard-endpoints.js';
import * as settings from './settings-endpoints.js';
import * as boardViews from './board-views-endpoints.js';
import * as profile from './profile-endpoints.js';
import * as account from './account-endpoints.js';
import * as invitations from './invitations-endpoints.js';
import * as preferences from './preferences-endpoints.js';
import * as calendar from './calendar-endpoints.js';
import * as leads from './leads-endpoints.js';
import * as emails from './emails-endpoints.js';
import * as files from './files-endpoints.js';
import * as tokens from './tokens-endpoints.js';
import * as events from './events-endpoints.js';

/*
 * Every endpoint of the API (§7 and the product's own), grouped as the features are: the index
 * of the contract for what must know them all (the API's routes, all-endpoints.ts for the OpenAPI
 * document and the contract suite). The web app never imports `api`: a page would carry every
 * declaration.
 *
 * Where a new endpoint goes (issue 34): its declaration in its feature's module,
 * `contract/<group>-endpoints.ts`, exported under its name in the group (`api.users.list` is
 * `list` in users-endpoints.ts; a reserved word is exported under an alias, see
 * requests-endpoints.ts's `export`); its name in the group's list below, where the order is the
 * API's route order (Express matches in it: a fixed path before a `:param` one) and the OpenAPI
 * document's; its words in docs-endpoints.ts. The web app imports the group as a namespace,
 * `import { usersApi } from '@crm/shared'` (contract/index.ts), and names the endpoint,
 * `usersApi.list`: the bundler keeps only the declarations named, so a page's JavaScript carries
 * the endpoints it calls and their schemas, no more. A new group is a new module, a line here and
 * one in contract/index.ts.
 */
export const api = {
  operations: inOrder(operations, ['health', 'ready']),
  docs: inOrder(docs, ['openApiDocument', 'page']),
  captcha: inOrder(captcha, ['challenge']),
  auth: inOrder(auth, ['login', 'logout']),
  users: inOrder(users, ['list', 'get', 'create', 'update', 'remove']),
  requests: inOrder(requests, [
    'assignVendor',
    'list',
    'board',
    'column',
    'create',
    'update',
    'move',
    'bulk',
    'export',
    'exportLink',
    'addNote',
    'editNote',
    'history',
    'get',
    'remove',
  ]),
  imports: inOrder(imports, ['upload', 'list', 'get', 'check', 'start', 'cancel', 'rows']),
  activities: inOrder(activities, [
    'list',
    'add',
    'log',
    'change',
    'complete',
    'reopen',
    'remove',
    'agenda',
    'dueCount',
    'unreadMail',
  ]),
  emails: inOrder(emails, [
    'list',
    'send',
    'retry',
    'templates',
    'createTemplate',
    'updateTemplate',
    'removeTemplate',
  ]),
  files: inOrder(files, ['download', 'list', 'upload', 'link', 'remove']),
  tokens: inOrder(tokens, ['mine', 'create', 'revoke', 'all', 'revokeAny']),
  events: inOrder(events, ['list', 'stream']),
  dashboard: inOrder(dashboard, ['get']),
  settings: inOrder(settings, ['get', 'update']),
  boardViews: inOrder(boardViews, [
    'getFilters',
    'putFilters',
    'list',
    'create',
    'update',
    'remove',
  ]),
  profile: inOrder(profile, [
    'get',
    'update',
    'putPhoto',
    'deletePhoto',
    'photo',
    'changePassword',
    'changeEmail',
    'sessions',
    'closeSession',
    'closeOtherSessions',
  ]),
  account: inOrder(account, ['forgotPassword', 'tokenStatus', 'setPassword', 'confirmEmail']),
  invitations: inOrder(invitations, ['invite', 'resend']),
  preferences: inOrder(preferences, ['get', 'update', 'createCalendarFeed', 'revokeCalendarFeed']),
  calendar: inOrder(calendar, ['feed']),
  leads: inOrder(leads, ['submit', 'recent', 'create']),
} as const;

export type Api = typeof api;

/**
 * A group's endpoints by the names listed, in that order; the compiler refuses a list that
 * leaves one of the module's exports out.
 */
function inOrder<G extends object, const N extends readonly (keyof G & string)[]>(
  group: G,
  names: N &
    ([Exclude<keyof G, N[number]>] extends [never]
      ? unknown
      : { unlisted: Exclude<keyof G, N[number]> }),
): G {
  return Object.fromEntries(names.map((name) => [name, group[name]])) as G;
}
