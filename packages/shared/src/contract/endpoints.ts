import { z } from 'zod';
import { loginBodySchema, loginResponseSchema, messageResponseSchema } from '../auth.js';
import { boardQuerySchema, boardSchema, columnPageSchema, columnQuerySchema } from '../board.js';
import {
  agendaPageSchema,
  agendaQuerySchema,
  dueCountQuerySchema,
  dueCountSchema,
} from '../agenda.js';
import { altchaChallengeSchema } from '../captcha.js';
import { API_MESSAGES, FIELD_MESSAGES, LOGIN_MESSAGES } from '../messages.js';
import {
  LEAD_MESSAGES,
  publicLeadBodySchema,
  publicLeadResponseSchema,
  recentLeadsQuerySchema,
  recentLeadsSchema,
} from '../leads.js';
import { healthStatusSchema, openApiDocumentSchema, readyStatusSchema } from '../operations.js';
import {
  assignVendorBodySchema,
  createRequestBodySchema,
  requestIdParamsSchema,
  requestListSchema,
  requestSchema,
  updateRequestBodySchema,
} from '../request.js';
import {
  addNoteBodySchema,
  editNoteBodySchema,
  moveRequestBodySchema,
  noteParamsSchema,
  requestHistorySchema,
} from '../request-history.js';
import {
  createUserBodySchema,
  updateUserBodySchema,
  updateUserSchemaFor,
  updateUserWithPasswordBodySchema,
  userDataParamsSchema,
  userIdParamsSchema,
  userListSchema,
  userSchema,
} from '../user.js';
import {
  activityListSchema,
  activityParamsSchema,
  activitySchema,
  activityVersionBodySchema,
  addActivityBodySchema,
  changeActivityBodySchema,
} from '../activity.js';
import { MAX_ACTIVITIES_PER_REQUEST } from '../constants.js';
import { settingsSchema, updateSettingsBodySchema } from '../settings.js';
import { dashboardQuerySchema, dashboardSchema } from '../dashboard.js';
import {
  calendarFeedSchema,
  calendarFeedParamsSchema,
  preferencesSchema,
  updatePreferencesBodySchema,
} from '../preferences.js';
import {
  boardViewListSchema,
  boardViewParamsSchema,
  boardViewSchema,
  BOARD_VIEW_MESSAGES,
  createBoardViewBodySchema,
  rememberedBoardFiltersSchema,
  updateBoardViewBodySchema,
} from '../board-views.js';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  accountTokenBodySchema,
  accountTokenStatusSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  forgotPasswordBodySchema,
  invitationSchema,
  inviteUserBodySchema,
  PHOTO_MEDIA_TYPES,
  photoParamsSchema,
  profileSchema,
  sessionListSchema,
  sessionParamsSchema,
  setPasswordBodySchema,
  updateProfileBodySchema,
} from '../account.js';
import { BULK_MESSAGES, bulkActionBodySchema, bulkResultSchema } from '../bulk-actions.js';
import {
  EXPORT_MESSAGES,
  EXPORT_TICKET_TTL_SECONDS,
  exportDownloadQuerySchema,
  exportLinkSchema,
  exportQuerySchema,
} from '../request-export.js';
import {
  IMPORT_LIMITS,
  IMPORT_MEDIA_TYPES,
  IMPORT_MESSAGES,
  importListSchema,
  importParamsSchema,
  importPlanSchema,
  importReportSchema,
  importRowsQuerySchema,
  importSummarySchema,
  importUploadQuerySchema,
} from '../request-import.js';
import { defineEndpoint } from './define.js';

/** Every endpoint of the API (§7 and the product's own), grouped as the features are. */
export const api = {
  operations: {
    health: defineEndpoint({
      id: 'operations.health',
      method: 'get',
      path: '/api/health',
      tag: 'operations',
      summary: 'Liveness: the process answers',
      description: 'Does not touch the database.',
      access: 'public',
      database: false,
      status: 200,
      response: healthStatusSchema,
      responseDescription: 'Alive',
    }),
    ready: defineEndpoint({
      id: 'operations.ready',
      method: 'get',
      path: '/api/ready',
      tag: 'operations',
      summary: 'Readiness: the database answers a ping',
      access: 'public',
      database: false,
      status: 200,
      response: readyStatusSchema,
      responseDescription: 'Ready for traffic',
      errors: { 503: API_MESSAGES.databaseUnavailable },
    }),
  },
  docs: {
    openApiDocument: defineEndpoint({
      id: 'docs.openApiDocument',
      method: 'get',
      path: '/api/openapi.json',
      tag: 'operations',
      summary: 'This OpenAPI 3.1 document',
      access: 'public',
      database: false,
      status: 200,
      response: openApiDocumentSchema,
      responseDescription: 'The document',
    }),
    page: defineEndpoint({
      id: 'docs.page',
      method: 'get',
      path: '/api/docs',
      tag: 'operations',
      summary: 'Swagger UI over this document',
      description: 'Without the trailing slash it redirects to `/api/docs/`.',
      access: 'public',
      database: false,
      status: 200,
      response: z.string(),
      responseMediaType: 'text/html',
      responseDescription: 'HTML page',
      redirect: 'Redirect to `/api/docs/` (its assets are relative to it)',
    }),
  },
  captcha: {
    challenge: defineEndpoint({
      id: 'captcha.challenge',
      method: 'get',
      path: '/api/captcha/challenge',
      tag: 'captcha',
      summary: 'A signed ALTCHA challenge for the login form',
      description: 'Never cached. The solved payload goes into the login body as `altcha`.',
      access: 'public',
      status: 200,
      response: altchaChallengeSchema,
      responseDescription: 'Challenge',
    }),
  },
  auth: {
    login: defineEndpoint({
      id: 'auth.login',
      method: 'post',
      path: '/api/user/login',
      tag: 'auth',
      summary: 'Sign in',
      description:
        'Checks the captcha, then the credentials. Repeated failures for one email or address ' +
        'are answered with 429 and `Retry-After` for a growing while (see docs/security.md, "Sign-in brake").',
      access: 'public',
      body: loginBodySchema,
      status: 200,
      response: loginResponseSchema,
      responseDescription: 'A bearer token and who it is for',
      errors: {
        400: `Invalid input, or a missing or invalid captcha ("${LOGIN_MESSAGES.captchaRequired}")`,
        401: LOGIN_MESSAGES.invalidCredentials,
        429: API_MESSAGES.tooManyLoginAttempts,
      },
    }),
    logout: defineEndpoint({
      id: 'auth.logout',
      method: 'post',
      path: '/api/user/logout',
      tag: 'auth',
      summary: 'Sign out: the token stops working on every API process',
      access: 'signed-in',
      status: 200,
      response: messageResponseSchema,
      responseDescription: API_MESSAGES.loggedOut,
    }),
  },
  users: {
    list: defineEndpoint({
      id: 'users.list',
      method: 'get',
      path: '/api/user/all',
      tag: 'users',
      summary: 'All users, by name',
      description:
        'Without §3’s `events`: a request’s executive is its `vendor` (see docs/decisions.md).',
      access: 'signed-in',
      status: 200,
      response: userListSchema,
      responseDescription: 'Users',
    }),
    get: defineEndpoint({
      id: 'users.get',
      method: 'get',
      path: '/api/user/data/:userId',
      tag: 'users',
      summary: 'One user: yourself, or anyone for a system admin',
      access: 'signed-in',
      params: userDataParamsSchema,
      status: 200,
      response: userSchema,
      responseDescription: 'The user',
      errors: {
        403: 'Another user, and the caller is not a system admin',
        404: API_MESSAGES.userNotFound,
      },
    }),
    create: defineEndpoint({
      id: 'users.create',
      method: 'post',
      path: '/api/user/create',
      tag: 'users',
      summary: 'Create a user',
      access: 'admin',
      body: createUserBodySchema,
      status: 201,
      response: userSchema,
      responseDescription: 'The new user',
      errors: {
        409: `${API_MESSAGES.emailTaken} (field \`email\`: "${FIELD_MESSAGES.emailTaken}")`,
      },
    }),
    update: defineEndpoint({
      id: 'users.update',
      method: 'put',
      path: '/api/user/update/:id',
      tag: 'users',
      summary: 'Edit a user, optionally changing the password',
      description:
        'With `password` the create-user rules apply (UpdateUserWithPasswordBody); without it, ' +
        'UpdateUserBody. A password change ends the user’s sessions.',
      access: 'admin',
      params: userIdParamsSchema,
      body: z.union([updateUserWithPasswordBodySchema, updateUserBodySchema]),
      bodyFor: updateUserSchemaFor,
      status: 200,
      response: userSchema,
      responseDescription: 'The updated user',
      errors: {
        404: API_MESSAGES.userNotFound,
        409: `${API_MESSAGES.emailTaken} (field \`email\`: "${FIELD_MESSAGES.emailTaken}"), or: ${API_MESSAGES.lastAdmin}`,
      },
    }),
    remove: defineEndpoint({
      id: 'users.remove',
      method: 'delete',
      path: '/api/user/delete/:id',
      tag: 'users',
      summary: 'Delete a user; their requests become unassigned, their activities ownerless',
      access: 'admin',
      params: userIdParamsSchema,
      status: 200,
      response: userSchema,
      responseDescription: 'The deleted user',
      errors: {
        404: API_MESSAGES.userNotFound,
        409: API_MESSAGES.lastAdmin,
      },
    }),
  },
  requests: {
    assignVendor: defineEndpoint({
      id: 'requests.assignVendor',
      method: 'put',
      path: '/api/user/assign-vendor',
      tag: 'requests',
      summary: 'Assign a request to a user, or unassign it with `vendorId: null`',
      access: 'admin',
      body: assignVendorBodySchema,
      status: 200,
      response: requestSchema,
      responseDescription: 'The updated request',
      errors: { 404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.userNotFound}` },
    }),
    list: defineEndpoint({
      id: 'requests.list',
      method: 'get',
      path: '/api/form-contact/all',
      tag: 'requests',
      summary: 'All requests, newest first',
      access: 'signed-in',
      status: 200,
      response: requestListSchema,
      responseDescription: 'Requests',
    }),
    board: defineEndpoint({
      id: 'requests.board',
      method: 'get',
      path: '/api/form-contact/board',
      tag: 'requests',
      summary: 'The board: the five columns, each with its count and first page',
      description:
        'Columns in board order (§2), newest first; `count` is the column total under the ' +
        'filters; `nextCursor` (null at the end) fetches the next page from GET /api/form-contact.',
      access: 'signed-in',
      query: boardQuerySchema,
      status: 200,
      response: boardSchema,
      responseDescription: 'The board',
      errors: { 400: 'A bad filter value or an unknown parameter, named in `errors`' },
    }),
    column: defineEndpoint({
      id: 'requests.column',
      method: 'get',
      path: '/api/form-contact',
      tag: 'requests',
      summary: 'The next page of one column (keyset cursor on createdAt and _id)',
      description:
        'Pages are stable while requests are created or moved: a request is listed at most once ' +
        'per column walk.',
      access: 'signed-in',
      query: columnQuerySchema,
      status: 200,
      response: columnPageSchema,
      responseDescription: 'A page of the column',
      errors: { 400: 'A bad filter value, cursor or status, or an unknown parameter' },
    }),
    create: defineEndpoint({
      id: 'requests.create',
      method: 'post',
      path: '/api/form-contact/crm-create',
      tag: 'requests',
      summary: 'Create a request',
      access: 'signed-in',
      body: createRequestBodySchema,
      status: 201,
      response: requestSchema,
      responseDescription: 'The new request',
    }),
    update: defineEndpoint({
      id: 'requests.update',
      method: 'put',
      path: '/api/form-contact/update/:id',
      tag: 'requests',
      summary: 'Save a request (the whole object, with the `version` it was read at)',
      description:
        'Read-only fields may be sent back as they came but are not stored; `vendor` changes ' +
        'only through assign-vendor. A `status` sent with an older `statusVersion` than the ' +
        'stored one is no change (the request was moved after this copy was read); a status ' +
        'change and the notes added or removed are recorded in the history.',
      access: 'signed-in',
      params: requestIdParamsSchema,
      body: updateRequestBodySchema,
      status: 200,
      response: requestSchema,
      responseDescription: 'The saved request',
      errors: { 404: API_MESSAGES.requestNotFound, 409: API_MESSAGES.requestConflict },
    }),
    move: defineEndpoint({
      id: 'requests.move',
      method: 'patch',
      path: '/api/form-contact/:id/status',
      tag: 'requests',
      summary: 'Move a request to another stage',
      description:
        'Applies only while the request is still in `from`, and changes nothing but its status ' +
        '(not `version`), so it never conflicts with an edit of notes or contact fields. The ' +
        'move is recorded in the history in the same write. `from` equal to `to` changes nothing. ' +
        'Any signed-in role may move (§6). A move to CERRADO needs its `outcome` (won, or lost ' +
        'with a reason from the settings’ list); a move out of CERRADO clears it (issue 21).',
      access: 'signed-in',
      params: requestIdParamsSchema,
      body: moveRequestBodySchema,
      status: 200,
      response: requestSchema,
      responseDescription: 'The moved request',
      errors: {
        400: `${FIELD_MESSAGES.outcomeRequired} / ${FIELD_MESSAGES.lostReasonRequired} / ${FIELD_MESSAGES.lostReasonUnknown} / ${FIELD_MESSAGES.outcomeOnOpenRequest} (field \`outcome…\`)`,
        404: API_MESSAGES.requestNotFound,
        409: `${API_MESSAGES.requestMoved}; \`current.status\` is where it is now`,
      },
    }),
    bulk: defineEndpoint({
      id: 'requests.bulk',
      method: 'post',
      path: '/api/form-contact/bulk',
      tag: 'requests',
      summary: 'Move, assign, set the priority of, or delete many requests at once',
      description:
        'Each request changes in its own conditional write with its own history entry, as the ' +
        'one-request action would: a move applies only while the request is still in its ' +
        '`from`, a priority only while it still has its `from`. Those changed meanwhile, or ' +
        'gone, are listed in `failed` and the rest still change. `assign` and `delete` are for ' +
        'system admins (403 otherwise, nothing changed). At most 1,000 requests.',
      access: 'signed-in',
      body: bulkActionBodySchema,
      status: 200,
      response: bulkResultSchema,
      responseDescription: 'What changed, what already was so, and what could not change',
      errors: {
        400: `${BULK_MESSAGES.noneSelected} / ${BULK_MESSAGES.tooMany} / ${BULK_MESSAGES.repeated}; a move to CERRADO without its outcome; an unknown \`vendorId\``,
        403: 'assign and delete: system admins only',
      },
    }),
    export: defineEndpoint({
      id: 'requests.export',
      method: 'get',
      path: '/api/form-contact/export',
      tag: 'requests',
      summary: 'The requests of the board’s search and filters as a CSV or XLSX file',
      description:
        'Every stage, oldest first, streamed from one database cursor: the download starts at ' +
        'once and memory stays flat however many rows. CSV is UTF-8 with a byte-order mark and ' +
        '`;` between fields; text cells starting with =, +, -, @, a tab or a carriage return get ' +
        'a leading apostrophe (CSV injection). Headers in Spanish (REQUEST_COLUMNS). Signed in ' +
        'by the Authorization header, or by `ticket` alone: the address ' +
        'POST /api/form-contact/export/link answers, which the browser follows by itself so its ' +
        'own download starts at once and goes straight to disk.',
      access: 'signed-in',
      ticket: { audience: 'export', invalid: EXPORT_MESSAGES.ticketInvalid },
      query: exportDownloadQuerySchema,
      status: 200,
      response: z.string(),
      responseDescription: 'The file (Content-Disposition: attachment)',
      responseMediaType: 'text/csv',
      errors: {
        401: `No bearer token and no ticket, or a bad one; a ticket that is malformed, altered, expired, made for another query or whose session ended: ${EXPORT_MESSAGES.ticketInvalid}`,
      },
    }),
    exportLink: defineEndpoint({
      id: 'requests.exportLink',
      method: 'post',
      path: '/api/form-contact/export/link',
      tag: 'requests',
      summary: 'The export’s address with a short-lived download ticket, for the browser to follow',
      description:
        'The body is the export’s query (the board’s filters and `format`). The answer is ' +
        'GET /api/form-contact/export with that query and a `ticket`, relative to the API’s ' +
        `origin: a JWT (the app's secret, audience \`export\`) that works for ` +
        `${EXPORT_TICKET_TTL_SECONDS} seconds, for this caller, while their session lasts ` +
        '(a logout or "Cerrar sesión" ends it too) and for exactly this query (a hash of it). It ' +
        'is no credential on any other endpoint. Logs never record query strings.',
      access: 'signed-in',
      body: exportQuerySchema,
      status: 200,
      response: exportLinkSchema,
      responseDescription: 'The address to download the file from',
    }),
    addNote: defineEndpoint({
      id: 'requests.addNote',
      method: 'post',
      path: '/api/form-contact/:id/notes',
      tag: 'requests',
      summary: 'Add a note at the top of the list, saved at once',
      description:
        'Recorded in the history (`field: "note"`) with its author and time in the same write; ' +
        'bumps `version`.',
      access: 'signed-in',
      params: requestIdParamsSchema,
      body: addNoteBodySchema,
      status: 201,
      response: requestSchema,
      responseDescription: 'The request with its new note',
      errors: {
        400: `${FIELD_MESSAGES.noteEmpty}, or the notes' limits (field \`text\`)`,
        404: API_MESSAGES.requestNotFound,
      },
    }),
    editNote: defineEndpoint({
      id: 'requests.editNote',
      method: 'put',
      path: '/api/form-contact/:id/notes/:index',
      tag: 'requests',
      summary: 'Change one note (by its position), saved at once',
      description:
        'Applies only while the note at `index` still reads `from`. Recorded in the history; ' +
        'bumps `version`. An empty text hides the note (§2).',
      access: 'signed-in',
      params: noteParamsSchema,
      body: editNoteBodySchema,
      status: 200,
      response: requestSchema,
      responseDescription: 'The request with the changed note',
      errors: {
        404: API_MESSAGES.requestNotFound,
        409: `${API_MESSAGES.noteChanged}; \`current.note\` is its text now (null: no note there)`,
      },
    }),
    history: defineEndpoint({
      id: 'requests.history',
      method: 'get',
      path: '/api/form-contact/:id/history',
      tag: 'requests',
      summary: "A request's history: moves, assignments and notes, newest first",
      access: 'signed-in',
      params: requestIdParamsSchema,
      status: 200,
      response: requestHistorySchema,
      responseDescription: 'The history',
      errors: { 404: API_MESSAGES.requestNotFound },
    }),
    // After every fixed /api/form-contact/… path: Express matches in this order.
    get: defineEndpoint({
      id: 'requests.get',
      method: 'get',
      path: '/api/form-contact/:id',
      tag: 'requests',
      summary: 'One request (what the Edit Request modal reads)',
      access: 'signed-in',
      params: requestIdParamsSchema,
      status: 200,
      response: requestSchema,
      responseDescription: 'The request',
      errors: { 404: API_MESSAGES.requestNotFound },
    }),
    remove: defineEndpoint({
      id: 'requests.remove',
      method: 'delete',
      path: '/api/form-contact/delete/:id',
      tag: 'requests',
      summary: 'Delete a request, with its activities',
      access: 'admin',
      params: requestIdParamsSchema,
      status: 200,
      response: requestSchema,
      responseDescription: 'The deleted request',
      errors: { 404: API_MESSAGES.requestNotFound },
    }),
  },
  // Importing a spreadsheet of requests (issue 24, request-import.ts): upload, check, start, follow.
  imports: {
    upload: defineEndpoint({
      id: 'imports.upload',
      method: 'post',
      path: '/api/imports',
      tag: 'requests',
      summary: 'Upload a CSV or XLSX of requests (the file’s bytes as the body)',
      description:
        'The bytes decide the format (an XLSX is a zip; anything else is read as CSV: UTF-8, or ' +
        'Windows-1252 when it is not valid UTF-8; `,`, `;` or tab between fields, from the header ' +
        'row). Parsed once, whole, into stored chunks of text cells; nothing is written to the ' +
        'requests. At most 20 MB, 100,000 rows, 200 columns and 20,000 characters a cell; an ' +
        'XLSX whose parts would expand beyond 200 MB (or 200 times their size) is refused from ' +
        'its directory, before inflating. The answer has the headers, a sample and a guessed mapping.',
      access: 'admin',
      query: importUploadQuerySchema,
      rawBody: { mediaTypes: IMPORT_MEDIA_TYPES, maxBytes: IMPORT_LIMITS.maxBytes },
      status: 201,
      response: importSummarySchema,
      responseDescription: 'The stored file, status `uploaded`',
      errors: {
        400: `${IMPORT_MESSAGES.empty} / ${IMPORT_MESSAGES.headerOnly} / ${IMPORT_MESSAGES.notSpreadsheet} / ${IMPORT_MESSAGES.tooManyColumns(10_000)} / ${IMPORT_MESSAGES.tooManyRows} / ${IMPORT_MESSAGES.mixedEncodings} / ${IMPORT_MESSAGES.zipBomb} / …`,
        413: IMPORT_MESSAGES.tooLarge,
        415: IMPORT_MESSAGES.notSpreadsheet,
      },
    }),
    list: defineEndpoint({
      id: 'imports.list',
      method: 'get',
      path: '/api/imports',
      tag: 'requests',
      summary: 'The 20 newest imports, newest first (one still running among them)',
      access: 'admin',
      status: 200,
      response: importListSchema,
      responseDescription: 'The imports',
    }),
    get: defineEndpoint({
      id: 'imports.get',
      method: 'get',
      path: '/api/imports/:id',
      tag: 'requests',
      summary: 'An import: its file, mapping, status and progress',
      access: 'admin',
      params: importParamsSchema,
      status: 200,
      response: importSummarySchema,
      responseDescription: 'The import',
      errors: { 404: IMPORT_MESSAGES.notFound },
    }),
    check: defineEndpoint({
      id: 'imports.check',
      method: 'post',
      path: '/api/imports/:id/check',
      tag: 'requests',
      summary: 'Check every row against a mapping and a duplicates policy; nothing is imported',
      description:
        'Each row is read as the request it would be (the shared field schemas, Spanish ' +
        'messages) and looked up by email among the requests and the earlier rows. The mapping ' +
        'and policy are kept with the import (the rejected rows’ CSV uses them).',
      access: 'admin',
      params: importParamsSchema,
      body: importPlanSchema,
      status: 200,
      response: importReportSchema,
      responseDescription: 'Counts, a preview of the first rows as stored, and the errors by row',
      errors: {
        400: `${IMPORT_MESSAGES.mappingLength} / ${IMPORT_MESSAGES.fieldTwice('Correo')} / ${IMPORT_MESSAGES.requiredUnmapped('Nombre')}`,
        404: IMPORT_MESSAGES.notFound,
        409: IMPORT_MESSAGES.alreadyStarted,
      },
    }),
    start: defineEndpoint({
      id: 'imports.start',
      method: 'post',
      path: '/api/imports/:id/start',
      tag: 'requests',
      summary: 'Start importing in the background with this mapping and duplicates policy',
      description:
        'Rows go in chunk by chunk, claimed by one API process at a time; a crash or restart ' +
        'resumes where the last finished chunk ended, and no row is ever stored twice. Imported ' +
        'requests keep their creation dates, get request numbers, and have an "imported" ' +
        'history entry naming the file.',
      access: 'admin',
      params: importParamsSchema,
      body: importPlanSchema,
      status: 200,
      response: importSummarySchema,
      responseDescription: 'The import, status `queued`',
      errors: {
        400: `${IMPORT_MESSAGES.mappingLength} / ${IMPORT_MESSAGES.nothingToImport}`,
        404: IMPORT_MESSAGES.notFound,
        409: IMPORT_MESSAGES.alreadyStarted,
      },
    }),
    cancel: defineEndpoint({
      id: 'imports.cancel',
      method: 'post',
      path: '/api/imports/:id/cancel',
      tag: 'requests',
      summary: 'Stop a running import after its current chunk; what went in stays',
      access: 'admin',
      params: importParamsSchema,
      status: 200,
      response: importSummarySchema,
      responseDescription: 'The import, status `cancelled`',
      errors: { 404: IMPORT_MESSAGES.notFound, 409: IMPORT_MESSAGES.notRunning },
    }),
    rows: defineEndpoint({
      id: 'imports.rows',
      method: 'get',
      path: '/api/imports/:id/rows',
      tag: 'requests',
      summary: 'The file’s rows with what happened to each, as a CSV (rejected ones, or all)',
      access: 'admin',
      params: importParamsSchema,
      query: importRowsQuerySchema,
      status: 200,
      response: z.string(),
      responseDescription: 'The CSV (Content-Disposition: attachment)',
      responseMediaType: 'text/csv',
      errors: { 404: IMPORT_MESSAGES.notFound, 409: IMPORT_MESSAGES.notChecked },
    }),
  },
  // Activities on a request (issue 20): its next steps, kept inside the request document.
  activities: {
    list: defineEndpoint({
      id: 'activities.list',
      method: 'get',
      path: '/api/form-contact/:id/activities',
      tag: 'requests',
      summary:
        "A request's activities: planned ones first (nearest first), then done ones (newest first)",
      access: 'signed-in',
      params: requestIdParamsSchema,
      status: 200,
      response: activityListSchema,
      responseDescription: 'The activities',
      errors: { 404: API_MESSAGES.requestNotFound },
    }),
    add: defineEndpoint({
      id: 'activities.add',
      method: 'post',
      path: '/api/form-contact/:id/activities',
      tag: 'requests',
      summary: 'Plan an activity on a request',
      description:
        '`ownerId` defaults to the request’s executive, else the caller. `dueAt` is `dueDate` at ' +
        '`dueTime` (or at the day’s start) in `APP_TIME_ZONE`. Recorded in the history ' +
        '(`field: "activity"`) in the same write; does not bump the request’s `version`. Any ' +
        'signed-in role may plan, as with notes.',
      access: 'signed-in',
      params: requestIdParamsSchema,
      body: addActivityBodySchema,
      status: 201,
      response: activitySchema,
      responseDescription: 'The new activity',
      errors: {
        400: `A field's rule (named in \`errors\`), an unknown owner (field \`ownerId\`), or ${MAX_ACTIVITIES_PER_REQUEST} activities already`,
        404: API_MESSAGES.requestNotFound,
      },
    }),
    change: defineEndpoint({
      id: 'activities.change',
      method: 'patch',
      path: '/api/form-contact/:id/activities/:activityId',
      tag: 'requests',
      summary: 'Change an activity: its title, type, due day and time, or owner',
      description:
        'Applies only at the activity’s current `version` (409 with `current.activity` otherwise); ' +
        'bumps it. `dueDate` sets the due moment with `dueTime` (absent: any time that day). ' +
        'Each changed field is recorded in the history in the same write.',
      access: 'signed-in',
      params: activityParamsSchema,
      body: changeActivityBodySchema,
      status: 200,
      response: activitySchema,
      responseDescription: 'The changed activity',
      errors: {
        400: "A field's rule (named in `errors`), a `dueTime` without `dueDate`, or an unknown owner",
        404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.activityNotFound}`,
        409: `${API_MESSAGES.activityConflict}; \`current.activity\` is how it is now`,
      },
    }),
    complete: defineEndpoint({
      id: 'activities.complete',
      method: 'post',
      path: '/api/form-contact/:id/activities/:activityId/complete',
      tag: 'requests',
      summary: 'Mark an activity done (by the caller, now)',
      access: 'signed-in',
      params: activityParamsSchema,
      body: activityVersionBodySchema,
      status: 200,
      response: activitySchema,
      responseDescription: 'The completed activity',
      errors: {
        404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.activityNotFound}`,
        409: `${API_MESSAGES.activityAlreadyDone}, or: ${API_MESSAGES.activityConflict}; \`current.activity\` is how it is now`,
      },
    }),
    reopen: defineEndpoint({
      id: 'activities.reopen',
      method: 'post',
      path: '/api/form-contact/:id/activities/:activityId/reopen',
      tag: 'requests',
      summary: 'Mark a done activity planned again',
      access: 'signed-in',
      params: activityParamsSchema,
      body: activityVersionBodySchema,
      status: 200,
      response: activitySchema,
      responseDescription: 'The reopened activity',
      errors: {
        404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.activityNotFound}`,
        409: `${API_MESSAGES.activityNotDone}, or: ${API_MESSAGES.activityConflict}; \`current.activity\` is how it is now`,
      },
    }),
    remove: defineEndpoint({
      id: 'activities.remove',
      method: 'delete',
      path: '/api/form-contact/:id/activities/:activityId',
      tag: 'requests',
      summary: 'Delete an activity (recorded in the history)',
      access: 'signed-in',
      params: activityParamsSchema,
      status: 200,
      response: activitySchema,
      responseDescription: 'The deleted activity',
      errors: { 404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.activityNotFound}` },
    }),
    agenda: defineEndpoint({
      id: 'activities.agenda',
      method: 'get',
      path: '/api/activities/agenda',
      tag: 'requests',
      summary: "One owner's open activities in one due range, nearest first (keyset cursor)",
      description:
        '`due`: `overdue` (a timed activity from its instant on, a date-only one from the day ' +
        'after), `today` (the rest of today), `week` (the next 7 days after today), `later`; ' +
        'days in `APP_TIME_ZONE`. Sorted by `dueAt`, then the activity’s id; `nextCursor` (null ' +
        'at the end) continues after the last activity, wherever its request lists it. Each item ' +
        'carries what the row shows of its request. `owner`: a user id or `me` (the default); ' +
        'any signed-in role may read anyone’s agenda.',
      access: 'signed-in',
      query: agendaQuerySchema,
      status: 200,
      response: agendaPageSchema,
      responseDescription: 'A page of the agenda',
      errors: { 400: 'A bad `owner`, `due`, `cursor` or `limit`, or an unknown parameter' },
    }),
    dueCount: defineEndpoint({
      id: 'activities.dueCount',
      method: 'get',
      path: '/api/activities/due-count',
      tag: 'requests',
      summary: "The bell: how many of an owner's open activities are overdue or due today",
      description:
        'One range of the `{activities.ownerId, activities.done, activities.dueAt}` index: its ' +
        'cost follows what it counts. `pollAfterMs` says when to ask again.',
      access: 'signed-in',
      query: dueCountQuerySchema,
      status: 200,
      response: dueCountSchema,
      responseDescription: 'The count',
      errors: { 400: 'A bad `owner`, or an unknown parameter' },
    }),
  },
  // Inicio's figures (issue 22).
  dashboard: {
    get: defineEndpoint({
      id: 'dashboard.get',
      method: 'get',
      path: '/api/dashboard',
      tag: 'requests',
      summary: "Inicio's figures for a period and an executive",
      description:
        '`period`: `week`, `month` or `quarter` (the calendar one holding today, compared with ' +
        'the one before), `last30` (the 30 days ending today, compared with the 30 before) or ' +
        '`custom` with `from` and `to` (`YYYY-MM-DD`, both included, at most 2 years, compared ' +
        'with as many days right before); days in the caller’s time zone, weeks from Monday. ' +
        '`vendor`: a user id, `me` or `all`; absent, `all` for a system admin and `me` for ' +
        'everyone else, who may not ask for anyone else (403). Computed by the database on ' +
        'indexed fields each call (no cache): a move shows on the next load.',
      access: 'signed-in',
      query: dashboardQuerySchema,
      status: 200,
      response: dashboardSchema,
      responseDescription: 'The figures',
      errors: {
        400: 'A bad `period`, `from`, `to` or `vendor` (an unknown user), or an unknown parameter',
        403: `${API_MESSAGES.forbidden}: another executive's or the whole team's figures`,
      },
    }),
  },
  // The product's settings (issue 20): every signed-in role reads them, a system admin changes them.
  settings: {
    get: defineEndpoint({
      id: 'settings.get',
      method: 'get',
      path: '/api/settings',
      tag: 'settings',
      summary:
        'The product settings: stale days per stage, lost reasons, win probabilities, currency',
      access: 'signed-in',
      status: 200,
      response: settingsSchema,
      responseDescription: 'The settings (the defaults until an admin saves them)',
    }),
    update: defineEndpoint({
      id: 'settings.update',
      method: 'put',
      path: '/api/settings',
      tag: 'settings',
      summary: 'Change the product settings (system admin)',
      description:
        'The whole settings with the `version` they were read at; a stale version is a 409 ' +
        'whose `current` holds the settings stored now.',
      access: 'admin',
      body: updateSettingsBodySchema,
      status: 200,
      response: settingsSchema,
      responseDescription: 'The settings as stored',
      errors: { 409: API_MESSAGES.settingsConflict },
    }),
  },
  // The caller's own board (issue 25): the filters it remembers and their saved views.
  boardViews: {
    getFilters: defineEndpoint({
      id: 'boardViews.getFilters',
      method: 'get',
      path: '/api/me/board-filters',
      tag: 'settings',
      summary: "The caller's last board filters",
      description:
        'As the caller last left them (without the search text). Before they ever change one: a ' +
        'vendor starts on their own requests (`vendor: "me"`), other roles on the whole board.',
      access: 'signed-in',
      status: 200,
      response: rememberedBoardFiltersSchema,
      responseDescription: 'The filters to open the board with',
    }),
    putFilters: defineEndpoint({
      id: 'boardViews.putFilters',
      method: 'put',
      path: '/api/me/board-filters',
      tag: 'settings',
      summary: "Remember the caller's board filters (the whole set; absent ones are off)",
      access: 'signed-in',
      body: rememberedBoardFiltersSchema,
      status: 200,
      response: rememberedBoardFiltersSchema,
      responseDescription: 'The filters as stored',
    }),
    list: defineEndpoint({
      id: 'boardViews.list',
      method: 'get',
      path: '/api/me/board-views',
      tag: 'settings',
      summary: "The caller's saved board views, oldest first",
      access: 'signed-in',
      status: 200,
      response: boardViewListSchema,
      responseDescription: 'The views',
    }),
    create: defineEndpoint({
      id: 'boardViews.create',
      method: 'post',
      path: '/api/me/board-views',
      tag: 'settings',
      summary: 'Save a named board view (search and filters)',
      access: 'signed-in',
      body: createBoardViewBodySchema,
      status: 201,
      response: boardViewSchema,
      responseDescription: 'The saved view',
      errors: { 409: `${BOARD_VIEW_MESSAGES.nameTaken} / ${BOARD_VIEW_MESSAGES.tooMany}` },
    }),
    update: defineEndpoint({
      id: 'boardViews.update',
      method: 'patch',
      path: '/api/me/board-views/:id',
      tag: 'settings',
      summary: "Rename one of the caller's views or change its filters",
      access: 'signed-in',
      params: boardViewParamsSchema,
      body: updateBoardViewBodySchema,
      status: 200,
      response: boardViewSchema,
      responseDescription: 'The view as stored',
      errors: {
        404: 'No such view among the caller’s',
        409: BOARD_VIEW_MESSAGES.nameTaken,
      },
    }),
    remove: defineEndpoint({
      id: 'boardViews.remove',
      method: 'delete',
      path: '/api/me/board-views/:id',
      tag: 'settings',
      summary: "Delete one of the caller's views",
      access: 'signed-in',
      params: boardViewParamsSchema,
      status: 200,
      response: boardViewSchema,
      responseDescription: 'The deleted view',
      errors: { 404: 'No such view among the caller’s' },
    }),
  },
  // The caller's own account (issue 23): name, photo, password, email, sessions.
  profile: {
    get: defineEndpoint({
      id: 'profile.get',
      method: 'get',
      path: '/api/me/profile',
      tag: 'account',
      summary: 'The caller as they see themselves on Perfil',
      access: 'signed-in',
      status: 200,
      response: profileSchema,
      responseDescription: 'The profile',
    }),
    update: defineEndpoint({
      id: 'profile.update',
      method: 'patch',
      path: '/api/me/profile',
      tag: 'account',
      summary: "Change the caller's name and last name",
      description: 'A `role` in the body is refused (403): nobody changes their own role.',
      access: 'signed-in',
      body: updateProfileBodySchema,
      status: 200,
      response: profileSchema,
      responseDescription: 'The profile as stored',
      errors: { 403: ACCOUNT_MESSAGES.ownRoleLocked },
    }),
    putPhoto: defineEndpoint({
      id: 'profile.putPhoto',
      method: 'put',
      path: '/api/me/photo',
      tag: 'account',
      summary: "Replace the caller's photo (the image's bytes as the body)",
      description:
        'PNG, JPEG or WebP, at most 2 MB and 50 megapixels; stored re-encoded as a 256×256 WebP ' +
        'without metadata. SVG and anything else is 415.',
      access: 'signed-in',
      rawBody: { mediaTypes: PHOTO_MEDIA_TYPES, maxBytes: ACCOUNT_LIMITS.photoMaxBytes },
      status: 200,
      response: profileSchema,
      responseDescription: 'The profile with its new photo URL',
      errors: {
        400: ACCOUNT_MESSAGES.photoNotImage,
        413: ACCOUNT_MESSAGES.photoTooLarge,
        415: ACCOUNT_MESSAGES.photoNotImage,
      },
    }),
    deletePhoto: defineEndpoint({
      id: 'profile.deletePhoto',
      method: 'delete',
      path: '/api/me/photo',
      tag: 'account',
      summary: "Remove the caller's photo (initials show instead)",
      access: 'signed-in',
      status: 200,
      response: profileSchema,
      responseDescription: 'The profile without a photo',
    }),
    photo: defineEndpoint({
      id: 'profile.photo',
      method: 'get',
      path: '/api/photos/:file',
      tag: 'account',
      summary: 'A user photo (public, immutable: a new photo gets a new address)',
      access: 'public',
      params: photoParamsSchema,
      status: 200,
      response: z.string(),
      responseDescription: 'The WebP image',
      responseMediaType: 'image/webp',
      errors: { 404: API_MESSAGES.routeNotFound },
    }),
    changePassword: defineEndpoint({
      id: 'profile.changePassword',
      method: 'post',
      path: '/api/me/password',
      tag: 'account',
      summary: "Change the caller's password; every other session ends",
      access: 'signed-in',
      body: changePasswordBodySchema,
      status: 200,
      response: messageResponseSchema,
      responseDescription: ACCOUNT_MESSAGES.passwordChanged,
      errors: { 429: API_MESSAGES.tooManyLoginAttempts },
    }),
    changeEmail: defineEndpoint({
      id: 'profile.changeEmail',
      method: 'post',
      path: '/api/me/email',
      tag: 'account',
      summary: "Ask to change the caller's email: a confirmation link goes to the new address",
      access: 'signed-in',
      body: changeEmailBodySchema,
      status: 200,
      response: messageResponseSchema,
      responseDescription: 'Where the link went',
      errors: {
        409: FIELD_MESSAGES.emailTaken,
        429: ACCOUNT_MESSAGES.tooManyEmails(60),
        503: ACCOUNT_MESSAGES.mailUnavailable,
      },
    }),
    sessions: defineEndpoint({
      id: 'profile.sessions',
      method: 'get',
      path: '/api/me/sessions',
      tag: 'account',
      summary: "The caller's signed-in sessions, newest sign-in first",
      access: 'signed-in',
      status: 200,
      response: sessionListSchema,
      responseDescription: 'The sessions',
    }),
    closeSession: defineEndpoint({
      id: 'profile.closeSession',
      method: 'delete',
      path: '/api/me/sessions/:id',
      tag: 'account',
      summary: "Sign one of the caller's sessions out (its token gets 401 at once)",
      access: 'signed-in',
      params: sessionParamsSchema,
      status: 200,
      response: sessionListSchema,
      responseDescription: 'The sessions left',
      errors: { 404: ACCOUNT_MESSAGES.sessionNotFound },
    }),
    closeOtherSessions: defineEndpoint({
      id: 'profile.closeOtherSessions',
      method: 'delete',
      path: '/api/me/sessions',
      tag: 'account',
      summary: 'Sign every other session of the caller out',
      access: 'signed-in',
      status: 200,
      response: sessionListSchema,
      responseDescription: 'The sessions left (this one)',
    }),
  },
  // Forgotten passwords, invitations and email confirmations (issue 23): public, by token.
  account: {
    forgotPassword: defineEndpoint({
      id: 'account.forgotPassword',
      method: 'post',
      path: '/api/account/forgot-password',
      tag: 'account',
      summary: 'Email a reset link if the address has an account (the answer never says)',
      access: 'public',
      body: forgotPasswordBodySchema,
      status: 200,
      response: messageResponseSchema,
      responseDescription: ACCOUNT_MESSAGES.forgotSent,
      errors: { 429: ACCOUNT_MESSAGES.tooManyEmails(60) },
    }),
    tokenStatus: defineEndpoint({
      id: 'account.tokenStatus',
      method: 'post',
      path: '/api/account/token',
      tag: 'account',
      summary: 'What a one-time link is for, without using it up',
      access: 'public',
      body: accountTokenBodySchema,
      status: 200,
      response: accountTokenStatusSchema,
      responseDescription: "The link's purpose and whose it is",
    }),
    setPassword: defineEndpoint({
      id: 'account.setPassword',
      method: 'post',
      path: '/api/account/set-password',
      tag: 'account',
      summary: 'Set a new password from a reset or invitation link; every session ends',
      access: 'public',
      body: setPasswordBodySchema,
      status: 200,
      response: messageResponseSchema,
      responseDescription: 'The password is set',
    }),
    confirmEmail: defineEndpoint({
      id: 'account.confirmEmail',
      method: 'post',
      path: '/api/account/confirm-email',
      tag: 'account',
      summary: 'Confirm a new email address from its link',
      access: 'public',
      body: confirmEmailBodySchema,
      status: 200,
      response: messageResponseSchema,
      responseDescription: ACCOUNT_MESSAGES.emailChanged,
      errors: { 409: FIELD_MESSAGES.emailTaken },
    }),
  },
  // Invitations (issue 23): a system admin creates a user who sets their own password.
  invitations: {
    invite: defineEndpoint({
      id: 'invitations.invite',
      method: 'post',
      path: '/api/user/invite',
      tag: 'users',
      summary: 'Create a user and invite them to set their own password',
      access: 'admin',
      body: inviteUserBodySchema,
      status: 201,
      response: invitationSchema,
      responseDescription: 'Sent; without SMTP_URL the link to pass on (shown once)',
      errors: { 409: FIELD_MESSAGES.emailTaken, 429: ACCOUNT_MESSAGES.tooManyEmails(60) },
    }),
    resend: defineEndpoint({
      id: 'invitations.resend',
      method: 'post',
      path: '/api/user/invite/:id',
      tag: 'users',
      summary: 'Send a pending invitation again (the older link stops working)',
      access: 'admin',
      params: userIdParamsSchema,
      status: 200,
      response: invitationSchema,
      responseDescription: 'Sent; without SMTP_URL the link to pass on (shown once)',
      errors: { 404: API_MESSAGES.userNotFound, 409: ACCOUNT_MESSAGES.invitationAlreadyAccepted },
    }),
  },
  // The caller's own preferences (issue 20): time zone, reminder emails, calendar feed.
  preferences: {
    get: defineEndpoint({
      id: 'preferences.get',
      method: 'get',
      path: '/api/me/preferences',
      tag: 'settings',
      summary: "The caller's preferences",
      access: 'signed-in',
      status: 200,
      response: preferencesSchema,
      responseDescription: 'The preferences',
    }),
    update: defineEndpoint({
      id: 'preferences.update',
      method: 'patch',
      path: '/api/me/preferences',
      tag: 'settings',
      summary: "Change the caller's preferences (the fields sent)",
      access: 'signed-in',
      body: updatePreferencesBodySchema,
      status: 200,
      response: preferencesSchema,
      responseDescription: 'The preferences as stored',
    }),
    createCalendarFeed: defineEndpoint({
      id: 'preferences.createCalendarFeed',
      method: 'post',
      path: '/api/me/calendar-feed',
      tag: 'settings',
      summary: "A new secret calendar address for the caller's open activities",
      description:
        'Replaces any earlier address, which stops working at once. The address is shown this ' +
        'once: the server keeps only a hash of its secret.',
      access: 'signed-in',
      status: 201,
      response: calendarFeedSchema,
      responseDescription: 'The address to subscribe to',
    }),
    revokeCalendarFeed: defineEndpoint({
      id: 'preferences.revokeCalendarFeed',
      method: 'delete',
      path: '/api/me/calendar-feed',
      tag: 'settings',
      summary: "Revoke the caller's calendar address",
      access: 'signed-in',
      status: 200,
      response: preferencesSchema,
      responseDescription: 'The preferences, without a calendar feed',
    }),
  },
  // The calendar feed (issue 20): what Google Calendar or Outlook subscribe to, by its secret.
  calendar: {
    feed: defineEndpoint({
      id: 'calendar.feed',
      method: 'get',
      path: '/api/calendar/:secret.ics',
      tag: 'settings',
      summary: "A user's open activities as an iCalendar feed, for a calendar app to subscribe to",
      description:
        'No token: the secret in the address (POST /api/me/calendar-feed) is the credential. ' +
        'Date-only activities are all-day events, timed ones 30-minute events. A wrong, revoked ' +
        'or malformed secret is a 404 after the same work (one hash, one indexed read).',
      access: 'public',
      params: calendarFeedParamsSchema,
      status: 200,
      response: z.string(),
      responseMediaType: 'text/calendar',
      responseDescription: 'The iCalendar feed (RFC 5545)',
      errors: { 404: API_MESSAGES.routeNotFound },
    }),
  },
  // Website leads (issue 13): the public form's intake and the board's poll for new leads.
  leads: {
    submit: defineEndpoint({
      id: 'leads.submit',
      method: 'post',
      path: '/api/form-contact/create',
      tag: 'requests',
      summary: 'The public website form: a new request in "new request" with source "website"',
      description:
        'No token. Needs a solved ALTCHA challenge (accepted once). The same email again within ' +
        'the duplicate window adds the message as a note, marked unverified, to its open ' +
        'request. Every accepted submission gets the same answer (no request number), so it ' +
        'tells nothing of the database. Limited per address (an IPv6 address by its /64) and ' +
        'overall (429 with `Retry-After`); a body over 64 KB is a 413. A filled honeypot field ' +
        'answers the same 201 and stores and sends nothing. CORS is granted only to ' +
        '`PUBLIC_FORM_ORIGINS` and the product’s own origin.',
      access: 'public',
      body: publicLeadBodySchema,
      status: 201,
      response: publicLeadResponseSchema,
      responseDescription: 'The same thanks for every accepted submission',
      errors: {
        400: `Invalid input (§5 messages), or a missing, invalid or reused captcha ("${LEAD_MESSAGES.captchaRequired}")`,
        429: `${LEAD_MESSAGES.tooManyFromAddress} / ${LEAD_MESSAGES.tooManyOverall}`,
      },
    }),
    recent: defineEndpoint({
      id: 'leads.recent',
      method: 'get',
      path: '/api/form-contact/website/recent',
      tag: 'requests',
      summary: 'Website requests created after a position (the board’s poll for new leads)',
      description:
        'One bounded range of the `{status, createdAt, _id}` index: its cost does not grow with ' +
        'the number of requests. Without `after` it answers no items and the position of now.',
      access: 'signed-in',
      query: recentLeadsQuerySchema,
      status: 200,
      response: recentLeadsSchema,
      responseDescription: 'New website requests, oldest first, and where the next poll starts',
      errors: { 400: 'A bad cursor or an unknown parameter' },
    }),
  },
} as const;

export type Api = typeof api;

/** The query key prefix of every cached answer of one group (`['users']`). */
export const queryKeyOfGroup = (group: keyof Api) => [group] as const;
