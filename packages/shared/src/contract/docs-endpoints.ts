import { ACCOUNT_MESSAGES } from '../account.js';
import { API_MESSAGES } from '../messages.js';
import { EXPORT_TICKET_TTL_SECONDS } from '../request-export.js';
import type { GroupDocs } from './define.js';
import type { Api } from './endpoints.js';

/**
 * The OpenAPI document's words for every endpoint of `api` (endpoints.ts), by group and name.
 * Only the API reads them (openapi/); kept out of the declarations so no page of the web app
 * carries them. The compiler checks that every declared endpoint has its words.
 */
export const apiDocs: { readonly [G in keyof Api]: GroupDocs<Api[G]> } = {
  operations: {
    health: {
      summary: 'Liveness: the process answers',
      description: 'Does not touch the database.',
      responseDescription: 'Alive',
    },
    ready: {
      summary: 'Readiness: the database answers a ping',
      responseDescription: 'Ready for traffic',
    },
  },
  docs: {
    openApiDocument: {
      summary: 'This OpenAPI 3.1 document',
      responseDescription: 'The document',
    },
    page: {
      summary: 'Swagger UI over this document',
      description: 'Without the trailing slash it redirects to `/api/docs/`.',
      responseDescription: 'HTML page',
      redirect: 'Redirect to `/api/docs/` (its assets are relative to it)',
    },
  },
  captcha: {
    challenge: {
      summary: 'A signed ALTCHA challenge for the login form',
      description: 'Never cached. The solved payload goes into the login body as `altcha`.',
      responseDescription: 'Challenge',
    },
  },
  auth: {
    login: {
      summary: 'Sign in',
      description:
        'Checks the captcha, then the credentials. Repeated failures for one email or address ' +
        'are answered with 429 and `Retry-After` for a growing while (see docs/security.md, "Sign-in brake"). ' +
        'Issue 32: a user with two-factor sign-in gets no token but `twoFactor` (a 5-minute challenge ' +
        'for POST /api/user/login/two-factor); one Ajustes requires it of, within their grace, gets ' +
        'the token and `twoFactorSetupBy`, and past it a challenge with `step: "setup"` and the QR code ' +
        'and secret to enrol.',
      responseDescription: 'A bearer token and who it is for, or a two-factor challenge',
    },
    logout: {
      summary: 'Sign out: the token stops working on every API process',
      responseDescription: API_MESSAGES.loggedOut,
    },
  },
  users: {
    list: {
      summary: 'All users, by name',
      description:
        'Without §3’s `events`: a request’s executive is its `vendor` (see docs/decisions.md).',
      responseDescription: 'Users',
    },
    get: {
      summary: 'One user: yourself, or anyone for a system admin',
      responseDescription: 'The user',
    },
    create: {
      summary: 'Create a user',
      responseDescription: 'The new user',
    },
    update: {
      summary: 'Edit a user, optionally changing the password',
      description:
        'With `password` the create-user rules apply (UpdateUserWithPasswordBody); without it, ' +
        'UpdateUserBody. A password change ends the user’s sessions.',
      responseDescription: 'The updated user',
    },
    remove: {
      summary: 'Delete a user; their requests become unassigned, their activities ownerless',
      responseDescription: 'The deleted user',
    },
  },
  requests: {
    assignVendor: {
      summary: 'Assign a request to a user, or unassign it with `vendorId: null`',
      responseDescription: 'The updated request',
    },
    list: {
      summary: 'All requests, newest first',
      responseDescription: 'Requests',
    },
    board: {
      summary: 'The board: the five columns, each with its count and first page',
      description:
        'Columns in board order (§2), newest first; `count` is the column total under the ' +
        'filters; `nextCursor` (null at the end) fetches the next page from GET /api/form-contact.',
      responseDescription: 'The board',
    },
    column: {
      summary: 'The next page of one column (keyset cursor on createdAt and _id)',
      description:
        'Pages are stable while requests are created or moved: a request is listed at most once ' +
        'per column walk.',
      responseDescription: 'A page of the column',
    },
    create: {
      summary: 'Create a request',
      responseDescription: 'The new request',
    },
    update: {
      summary: 'Save a request (the whole object, with the `version` it was read at)',
      description:
        'Read-only fields may be sent back as they came but are not stored; `vendor` changes ' +
        'only through assign-vendor. A `status` sent with an older `statusVersion` than the ' +
        'stored one is no change (the request was moved after this copy was read); a status ' +
        'change and the notes added or removed are recorded in the history.',
      responseDescription: 'The saved request',
    },
    move: {
      summary: 'Move a request to another stage',
      description:
        'Applies only while the request is still in `from`, and changes nothing but its status ' +
        '(not `version`), so it never conflicts with an edit of notes or contact fields. The ' +
        'move is recorded in the history in the same write. `from` equal to `to` changes nothing. ' +
        'Any signed-in role may move (§6). A move to CERRADO needs its `outcome` (won, or lost ' +
        'with a reason from the settings’ list); a move out of CERRADO clears it (issue 21).',
      responseDescription: 'The moved request',
    },
    bulk: {
      summary: 'Move, assign, set the priority of, or delete many requests at once',
      description:
        'Each request changes in its own conditional write with its own history entry, as the ' +
        'one-request action would: a move applies only while the request is still in its ' +
        '`from`, a priority only while it still has its `from`. Those changed meanwhile, or ' +
        'gone, are listed in `failed` and the rest still change. `assign` and `delete` are for ' +
        'system admins (403 otherwise, nothing changed). At most 1,000 requests.',
      responseDescription: 'What changed, what already was so, and what could not change',
    },
    export: {
      summary: 'The requests of the board’s search and filters as a CSV or XLSX file',
      description:
        'Every stage, oldest first, streamed from one database cursor: the download starts at ' +
        'once and memory stays flat however many rows. CSV is UTF-8 with a byte-order mark and ' +
        '`;` between fields; text cells starting with =, +, -, @, a tab or a carriage return get ' +
        'a leading apostrophe (CSV injection). Headers in Spanish (REQUEST_COLUMNS). Signed in ' +
        'by the Authorization header, or by `ticket` alone: the address ' +
        'POST /api/form-contact/export/link answers, which the browser follows by itself so its ' +
        'own download starts at once and goes straight to disk.',
      responseDescription: 'The file (Content-Disposition: attachment)',
    },
    exportLink: {
      summary: 'The export’s address with a short-lived download ticket, for the browser to follow',
      description:
        'The body is the export’s query (the board’s filters and `format`). The answer is ' +
        'GET /api/form-contact/export with that query and a `ticket`, relative to the API’s ' +
        `origin: a JWT (the app's secret, audience \`export\`) that works for ` +
        `${EXPORT_TICKET_TTL_SECONDS} seconds, for this caller, while their session lasts ` +
        '(a logout or "Cerrar sesión" ends it too) and for exactly this query (a hash of it). It ' +
        'is no credential on any other endpoint. Logs never record query strings.',
      responseDescription: 'The address to download the file from',
    },
    addNote: {
      summary: 'Add a note at the top of the list, saved at once',
      description:
        'Recorded in the history (`field: "note"`) with its author and time in the same write; ' +
        'bumps `version`.',
      responseDescription: 'The request with its new note',
    },
    editNote: {
      summary: 'Change one note (by its position), saved at once',
      description:
        'Applies only while the note at `index` still reads `from`. Recorded in the history; ' +
        'bumps `version`. An empty text hides the note (§2).',
      responseDescription: 'The request with the changed note',
    },
    history: {
      summary: "A request's history: moves, assignments and notes, newest first",
      responseDescription: 'The history',
    },
    get: {
      summary: 'One request (what the Edit Request modal reads)',
      responseDescription: 'The request',
    },
    remove: {
      summary: 'Delete a request, with its activities',
      responseDescription: 'The deleted request',
    },
  },
  imports: {
    upload: {
      summary: 'Upload a CSV or XLSX of requests (the file’s bytes as the body)',
      description:
        'The bytes decide the format (an XLSX is a zip; anything else is read as CSV: UTF-8, or ' +
        'Windows-1252 when it is not valid UTF-8; `,`, `;` or tab between fields, from the header ' +
        'row). Parsed once, whole, into stored chunks of text cells; nothing is written to the ' +
        'requests. At most 20 MB, 100,000 rows, 200 columns and 20,000 characters a cell; an ' +
        'XLSX whose parts would expand beyond 200 MB (or 200 times their size) is refused from ' +
        'its directory, before inflating. The answer has the headers, a sample and a guessed mapping.',
      responseDescription: 'The stored file, status `uploaded`',
    },
    list: {
      summary: 'The 20 newest imports, newest first (one still running among them)',
      responseDescription: 'The imports',
    },
    get: {
      summary: 'An import: its file, mapping, status and progress',
      responseDescription: 'The import',
    },
    check: {
      summary: 'Check every row against a mapping and a duplicates policy; nothing is imported',
      description:
        'Each row is read as the request it would be (the shared field schemas, Spanish ' +
        'messages) and looked up by email among the requests and the earlier rows. The mapping ' +
        'and policy are kept with the import (the rejected rows’ CSV uses them).',
      responseDescription: 'Counts, a preview of the first rows as stored, and the errors by row',
    },
    start: {
      summary: 'Start importing in the background with this mapping and duplicates policy',
      description:
        'Rows go in chunk by chunk, claimed by one API process at a time; a crash or restart ' +
        'resumes where the last finished chunk ended, and no row is ever stored twice. Imported ' +
        'requests keep their creation dates, get request numbers, and have an "imported" ' +
        'history entry naming the file.',
      responseDescription: 'The import, status `queued`',
    },
    cancel: {
      summary: 'Stop a running import after its current chunk; what went in stays',
      responseDescription: 'The import, status `cancelled`',
    },
    rows: {
      summary: 'The file’s rows with what happened to each, as a CSV (rejected ones, or all)',
      responseDescription: 'The CSV (Content-Disposition: attachment)',
    },
  },
  activities: {
    list: {
      summary:
        "A request's activities: planned ones first (nearest first), then done ones (newest first)",
      responseDescription: 'The activities',
    },
    add: {
      summary: 'Plan an activity on a request',
      description:
        '`ownerId` defaults to the request’s executive, else the caller. `dueAt` is `dueDate` at ' +
        '`dueTime` (or at the day’s start) in `APP_TIME_ZONE`. Recorded in the history ' +
        '(`field: "activity"`) in the same write; does not bump the request’s `version`. Any ' +
        'signed-in role may plan, as with notes.',
      responseDescription: 'The new activity',
    },
    log: {
      summary: 'Log a call, meeting, mail or task that already happened, in one step',
      description:
        'Issue 33: stored done, now, by the caller, who also owns it; its day and time are now ' +
        'in the caller’s time zone. `outcome` (optional) says how it went. Recorded in the ' +
        'history as one entry (`field: "activityLogged"`, `from` the type, `to` the outcome) in ' +
        'the same write; the request’s next activity is unchanged. Any signed-in role, as with ' +
        'notes.',
      responseDescription: 'The logged activity',
    },
    change: {
      summary: 'Change an activity: its title, type, due day and time, or owner',
      description:
        'Applies only at the activity’s current `version` (409 with `current.activity` otherwise); ' +
        'bumps it. `dueDate` sets the due moment with `dueTime` (absent: any time that day). ' +
        'Each changed field is recorded in the history in the same write.',
      responseDescription: 'The changed activity',
    },
    complete: {
      summary: 'Mark an activity done (by the caller, now)',
      responseDescription: 'The completed activity',
    },
    reopen: {
      summary: 'Mark a done activity planned again',
      responseDescription: 'The reopened activity',
    },
    remove: {
      summary: 'Delete an activity (recorded in the history)',
      responseDescription: 'The deleted activity',
    },
    agenda: {
      summary: "One owner's open activities in one due range, nearest first (keyset cursor)",
      description:
        '`due`: `overdue` (a timed activity from its instant on, a date-only one from the day ' +
        'after), `today` (the rest of today), `week` (the next 7 days after today), `later`; ' +
        'days in `APP_TIME_ZONE`. Sorted by `dueAt`, then the activity’s id; `nextCursor` (null ' +
        'at the end) continues after the last activity, wherever its request lists it. Each item ' +
        'carries what the row shows of its request. `owner`: a user id or `me` (the default); ' +
        'any signed-in role may read anyone’s agenda.',
      responseDescription: 'A page of the agenda',
    },
    dueCount: {
      summary: "The bell: how many of an owner's open activities are overdue or due today",
      description:
        'One range of the `{activities.ownerId, activities.done, activities.dueAt}` index: its ' +
        'cost follows what it counts. `unreadMail` (issue 35): how many of the requests whose ' +
        'executive the owner is have customer mail no one has read, one range of ' +
        '`{vendor, unreadEmails, _id}`. `pollAfterMs` says when to ask again.',
      responseDescription: 'The counts',
    },
    unreadMail: {
      summary: 'The agenda\'s "Correos sin leer": an owner\'s requests with unread customer mail',
      description:
        'Issue 35. The requests whose executive (`vendor`) the owner is and whose `unreadEmails` ' +
        'is above 0, the most unread first, then the newest; at most 50, `total` counting them ' +
        'all. One range of the `{vendor, unreadEmails, _id}` index. `owner`: a user id or `me` ' +
        '(the default), as the agenda.',
      responseDescription: 'The requests and their total',
    },
  },
  emails: {
    list: {
      summary:
        "A request's mails, newest first (keyset cursor): sent ones and the customer's answers",
      description:
        'Issue 35. Each sent mail carries its state in the outbox (`pending`, `sent`, `failed` ' +
        'with its `reason`, `bounced`); a received one is `received`, `unread` until the thread ' +
        'is first read after it came, which this read marks. One range of the ' +
        '`{requestId, at, _id}` index. `readingReplies` and `sending` say whether IMAP_URL and ' +
        'SMTP_URL are set.',
      responseDescription: 'A page of the thread',
    },
    send: {
      summary: 'Write to the customer from the request',
      description:
        "Stored with the request first, then put in the app's outbox and tried at once: a mail " +
        "server that is down leaves it `pending`, tried again by the outbox's run. Sent from " +
        "MAIL_FROM, with Reply-To the sales mailbox (IMAP_URL) and a Message-ID of the product's " +
        'own, by which answers find the request. `inReplyTo` (a mail of this request) adds ' +
        'In-Reply-To and References. Recorded in the history (`field: "emailSent"`, `to` the ' +
        'subject). Any signed-in role, as with notes.',
      responseDescription: 'The mail, as the thread shows it',
    },
    retry: {
      summary: 'Another try at a mail that was not sent',
      description: 'Only for a `failed` mail: it is tried at once, and answered as it then stands.',
      responseDescription: 'The mail, as the thread shows it',
    },
    templates: {
      summary: '"Plantillas de correo": every template, by name',
      description:
        'At most MAX_EMAIL_TEMPLATES, read whole. Merge fields: {{nombre}}, {{apellido}}, ' +
        '{{empresa}}, {{ejecutivo}}, {{numero}}; the composer fills them in (mergeTemplate).',
      responseDescription: 'The templates',
    },
    createTemplate: {
      summary: 'A new mail template (system admin)',
      responseDescription: 'The template',
    },
    updateTemplate: {
      summary: 'Change a mail template (system admin), at the version it was read',
      responseDescription: 'The changed template',
    },
    removeTemplate: {
      summary: 'Delete a mail template (system admin)',
      responseDescription: 'The deleted template',
    },
  },
  events: {
    list: {
      summary: 'The event log, a page at a time',
      description:
        'Issue 36. Every change to a request (created, updated with the fields it changed, ' +
        'moved, outcome, assigned, deleted, notes, activities, imported, lead received, mails ' +
        'sent and received), oldest first, after `after` (a position; absent: from the oldest ' +
        'kept). Keep `last` and ask `after=last` next: nothing is missed. One request’s events ' +
        'come in the order of its changes. `gap`: events after `after` are no longer kept ' +
        '(EVENTS_RETENTION_DAYS); reload what you keep. Events carry the request as it was when ' +
        'published (`data.request`).',
      responseDescription: 'The events, and the position to ask after next',
    },
    stream: {
      summary: 'The event log, live (server-sent events)',
      description:
        'Issue 36. `text/event-stream`: first `event: ready` with the starting position as ' +
        'its `id`, then one message per event (`id`: its position, `event`: its type, ' +
        '`data`: the event as in `GET /api/events`), `: ping` comments every 25 s, and ' +
        '`event: reload` when `Last-Event-ID` is older than the events kept. Send the last ' +
        '`id` seen as `Last-Event-ID` to resume. Ends when the session or token ' +
        'ends; at most MAX_STREAMS_PER_USER a user (the oldest closes).',
      responseDescription: 'The stream of events',
    },
  },
  tokens: {
    mine: {
      summary: 'The caller’s API tokens (never their secrets)',
      description:
        'Issue 36. Name, scope (`read`: GET only; `write`: all the owner may do), the first ' +
        'characters, created, last used and expiry. A session only: an API token gets 403.',
      responseDescription: 'The tokens, newest first',
    },
    create: {
      summary: 'A new API token, its secret shown this once',
      description:
        'Stored as its SHA-256 only. Use it as `Authorization: Bearer crm_…` on any endpoint ' +
        'the owner may call, within its scope, except those that change the account itself ' +
        '(password, email, sessions, two-factor, tokens). At most MAX_API_TOKENS a person; ' +
        'API_TOKEN_CALLS_PER_MINUTE calls a minute each (429 with Retry-After). Ends with a ' +
        'password change, a revocation, its expiry or its owner’s deletion; a role change ' +
        'narrows it at once.',
      responseDescription: 'The token, with `token` (its secret)',
    },
    revoke: {
      summary: 'Revoke one of the caller’s API tokens',
      responseDescription: 'The revoked token',
    },
    all: {
      summary: 'Everyone’s API tokens (system admin)',
      responseDescription: 'The tokens, newest first',
    },
    revokeAny: {
      summary: 'Revoke anyone’s API token (system admin)',
      responseDescription: 'The revoked token',
    },
  },
  files: {
    download: {
      summary: "One of a request's files, as a download",
      description:
        'Issue 35. Always `Content-Disposition: attachment` with the cleaned name, ' +
        '`X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy: a file is ' +
        'never shown inline, and HTML, SVG and XML go as `application/octet-stream`. Signed in ' +
        'by the Authorization header, or by `ticket` alone (the address ' +
        'POST /api/form-contact/{id}/files/{fileId}/link answers), which works once.',
      responseDescription: 'The file’s bytes',
    },
    list: {
      summary: "A request's files, newest first (keyset cursor)",
      description:
        'Uploaded by staff (`source: "upload"`) and attached to the customer’s mails ' +
        '(`source: "mail"`). One range of the `{metadata.requestId, uploadDate, _id}` index of ' +
        'the GridFS bucket `request_files`.',
      responseDescription: 'A page of the files',
    },
    upload: {
      summary: 'Upload a file to the request',
      description:
        'The body is the file’s bytes under its own media type (any), at most 15 MB; `name` ' +
        'is cleaned (the last part of a path, no control characters or leading dots, at most ' +
        '150 characters). Stored in GridFS. Any signed-in role, as with notes.',
      responseDescription: 'The file',
    },
    link: {
      summary: 'A file’s download address with a short-lived ticket',
      description:
        'GET /api/files/download?file=… with a `ticket` (audience `file`) that works once, ' +
        'within a minute, for this caller’s session and this file only. Writes nothing.',
      responseDescription: 'The address to download the file from',
    },
    remove: {
      summary: 'Delete a file of the request',
      description:
        'A file sent in a mail or received with one is part of the thread: 409. Deleting the ' +
        'request deletes all its files.',
      responseDescription: 'The deleted file',
    },
  },
  dashboard: {
    get: {
      summary: "Inicio's figures for a period and an executive",
      description:
        '`period`: `week`, `month` or `quarter` (the calendar one holding today, compared with ' +
        'the one before), `last30` (the 30 days ending today, compared with the 30 before) or ' +
        '`custom` with `from` and `to` (`YYYY-MM-DD`, both included, at most 2 years, compared ' +
        'with as many days right before); days in the caller’s time zone, weeks from Monday. ' +
        '`vendor`: a user id, `me` or `all`; absent, `all` for a system admin and `me` for ' +
        'everyone else, who may not ask for anyone else (403). Computed by the database on ' +
        'indexed fields each call (no cache): a move shows on the next load.',
      responseDescription: 'The figures',
    },
  },
  settings: {
    get: {
      summary:
        'The product settings: stale days per stage, lost reasons, win probabilities, currency',
      responseDescription: 'The settings (the defaults until an admin saves them)',
    },
    update: {
      summary: 'Change the product settings (system admin)',
      description:
        'The whole settings with the `version` they were read at; a stale version is a 409 ' +
        'whose `current` holds the settings stored now.',
      responseDescription: 'The settings as stored',
    },
  },
  boardViews: {
    getFilters: {
      summary: "The caller's last board filters",
      description:
        'As the caller last left them (without the search text). Before they ever change one: a ' +
        'vendor starts on their own requests (`vendor: "me"`), other roles on the whole board.',
      responseDescription: 'The filters to open the board with',
    },
    putFilters: {
      summary: "Remember the caller's board filters (the whole set; absent ones are off)",
      responseDescription: 'The filters as stored',
    },
    list: {
      summary: "The caller's saved board views, oldest first",
      responseDescription: 'The views',
    },
    create: {
      summary: 'Save a named board view (search and filters)',
      responseDescription: 'The saved view',
    },
    update: {
      summary: "Rename one of the caller's views or change its filters",
      responseDescription: 'The view as stored',
    },
    remove: {
      summary: "Delete one of the caller's views",
      responseDescription: 'The deleted view',
    },
  },
  profile: {
    get: {
      summary: 'The caller as they see themselves on Perfil',
      responseDescription: 'The profile',
    },
    update: {
      summary: "Change the caller's name and last name",
      description: 'A `role` in the body is refused (403): nobody changes their own role.',
      responseDescription: 'The profile as stored',
    },
    putPhoto: {
      summary: "Replace the caller's photo (the image's bytes as the body)",
      description:
        'PNG, JPEG or WebP, at most 2 MB and 50 megapixels; stored re-encoded as a 256×256 WebP ' +
        'without metadata. SVG and anything else is 415.',
      responseDescription: 'The profile with its new photo URL',
    },
    deletePhoto: {
      summary: "Remove the caller's photo (initials show instead)",
      responseDescription: 'The profile without a photo',
    },
    photo: {
      summary: 'A user photo (public, immutable: a new photo gets a new address)',
      responseDescription: 'The WebP image',
    },
    changePassword: {
      summary: "Change the caller's password; every other session ends",
      responseDescription: ACCOUNT_MESSAGES.passwordChanged,
    },
    changeEmail: {
      summary: "Ask to change the caller's email: a confirmation link goes to the new address",
      responseDescription: 'Where the link went',
    },
    sessions: {
      summary: "The caller's signed-in sessions, newest sign-in first",
      responseDescription: 'The sessions',
    },
    closeSession: {
      summary: "Sign one of the caller's sessions out (its token gets 401 at once)",
      responseDescription: 'The sessions left',
    },
    closeOtherSessions: {
      summary: 'Sign every other session of the caller out',
      responseDescription: 'The sessions left (this one)',
    },
  },
  account: {
    forgotPassword: {
      summary: 'Email a reset link if the address has an account (the answer never says)',
      responseDescription: ACCOUNT_MESSAGES.forgotSent,
    },
    tokenStatus: {
      summary: 'What a one-time link is for, without using it up',
      responseDescription: "The link's purpose and whose it is",
    },
    setPassword: {
      summary: 'Set a new password from a reset or invitation link; every session ends',
      responseDescription: 'The password is set',
    },
    confirmEmail: {
      summary: 'Confirm a new email address from its link',
      responseDescription: ACCOUNT_MESSAGES.emailChanged,
    },
  },
  invitations: {
    invite: {
      summary: 'Create a user and invite them to set their own password',
      responseDescription: 'Sent; without SMTP_URL the link to pass on (shown once)',
    },
    resend: {
      summary: 'Send a pending invitation again (the older link stops working)',
      responseDescription: 'Sent; without SMTP_URL the link to pass on (shown once)',
    },
  },
  preferences: {
    get: {
      summary: "The caller's preferences",
      responseDescription: 'The preferences',
    },
    update: {
      summary: "Change the caller's preferences (the fields sent)",
      responseDescription: 'The preferences as stored',
    },
    createCalendarFeed: {
      summary: "A new secret calendar address for the caller's open activities",
      description:
        'Replaces any earlier address, which stops working at once. The address is shown this ' +
        'once: the server keeps only a hash of its secret.',
      responseDescription: 'The address to subscribe to',
    },
    revokeCalendarFeed: {
      summary: "Revoke the caller's calendar address",
      responseDescription: 'The preferences, without a calendar feed',
    },
  },
  calendar: {
    feed: {
      summary: "A user's open activities as an iCalendar feed, for a calendar app to subscribe to",
      description:
        'No token: the secret in the address (POST /api/me/calendar-feed) is the credential. ' +
        'Date-only activities are all-day events, timed ones 30-minute events. A wrong, revoked ' +
        'or malformed secret is a 404 after the same work (one hash, one indexed read).',
      responseDescription: 'The iCalendar feed (RFC 5545)',
    },
  },
  leads: {
    submit: {
      summary: 'The public website form: a new request in "new request" with source "website"',
      description:
        'No token. Needs a solved ALTCHA challenge (accepted once). The same email again within ' +
        'the duplicate window adds the message as a note, marked unverified, to its open ' +
        'request. Every accepted submission gets the same answer (no request number), so it ' +
        'tells nothing of the database. Limited per address (an IPv6 address by its /64) and ' +
        'overall (429 with `Retry-After`); a body over 64 KB is a 413. A filled honeypot field ' +
        'answers the same 201 and stores and sends nothing. CORS is granted only to ' +
        '`PUBLIC_FORM_ORIGINS` and the product’s own origin.',
      responseDescription: 'The same thanks for every accepted submission',
    },
    recent: {
      summary: 'Website requests created after a position (the board’s poll for new leads)',
      description:
        'One bounded range of the `{status, createdAt, _id}` index: its cost does not grow with ' +
        'the number of requests. Without `after` it answers no items and the position of now.',
      responseDescription: 'New website requests, oldest first, and where the next poll starts',
    },
    create: {
      summary: 'A lead from another site or tool: the website form, with an API token',
      description:
        'Issue 36. `Authorization: Bearer crm_…` of scope `leads` (which may call nothing else) ' +
        'or `write`; no captcha. The form’s fields, rules and messages, any other field refused ' +
        'by name; the same duplicate rule (the same email within the window becomes an ' +
        'unverified note on its open request) and the same emails (the person’s confirmation, ' +
        'the admins’ notice). The request’s source is "api"; its history names the token’s ' +
        'source name and owner. The answer is the form’s, whatever became of the lead. At most ' +
        'as many leads per token as the form takes from everyone (429 with `Retry-After`), ' +
        'besides API_TOKEN_CALLS_PER_MINUTE.',
      responseDescription: 'The same thanks for every accepted lead',
    },
  },
};
