import { Types, type Aggregate, type Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLE,
  BOARD_PAGE_SIZE,
  DEFAULT_STALE_DAYS,
  OPEN_STATUSES,
  PRIORITIES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  UNREAD_MAIL_LIST_LIMIT,
  boardQuerySchema,
  columnQuerySchema,
  agendaBounds,
  encodeBoardCursor,
  type AgendaBucket,
  type AgendaCursor,
  type BoardQuery,
  type RequestStatus,
} from '@crm/shared';
import {
  closedIn,
  funnelQuery,
  openByVendorQuery,
  outcomesQuery,
  pipelineQuery,
  staleByVendorQuery,
  staleFilter,
  staysQuery,
  weekCountFilters,
  type Range,
  type Scope,
} from './figures/figures.js';
import { totalsPipeline } from '../db/group-totals.js';
import { addUser, startTestApp, type TestApp } from '../test/test-app.js';
import { ADMINS, userQuery, usersQuery } from '../users/users.service.js';
import { withActivitiesOf } from './activities/activities.service.js';
import { assignedTo } from './unassign.js';
import { agendaQuery, dueCountQuery } from './agenda/agenda.service.js';
import { unreadMailFilter, unreadMailQuery } from './agenda/unread-mail.js';
import { dueActivitiesQuery } from './activities/due-activities.js';
import { newestOpenRequestQuery } from './mail/request-mail.js';
import { sentMailNamedQuery, threadPageQuery } from '../emails/index.js';
import { filesPageQuery } from '../files/index.js';
import { orphanedEventsQuery, unfinishedDeletionsQuery } from './events/publish.js';
import {
  columnFilter,
  columnTotalsQuery,
  countsQuery,
  filterFor,
  hiddenMatchesQuery,
  pageQuery,
} from './board/board.service.js';

/**
 * Proof that the board's reads are index-bound (issue 19). Each query that the board, a column
 * page, the search and the users endpoints send, built by the services' own builders, is checked
 * two ways:
 *
 * - On every database: its filter and sort are served by an index the model declares (equality
 *   fields first, then the sort, a range on the sort's first field). Fails as soon as a query or
 *   an index declaration changes without the other.
 * - On MongoDB (the GitHub workflow's `test` job: mongodb-memory-server's real mongod, no
 *   MONGO_URL): `explain('executionStats')` over a few thousand requests shows an index scan, no
 *   collection scan, no in-memory SORT where a sort is asked, and documents examined close to
 *   the page size, or for a count to what it counts. Speed at 100,000 requests can't be timed on
 *   the project's machines (FerretDB scans); this is what makes it hold there.
 *
 * FerretDB 1.x (the CI database here) plans in SQLite, so its plans prove nothing about MongoDB's:
 * there only the first check runs, and the file says so once.
 *
 * Fields the database checks on the documents rather than in the index (`priority`,
 * `requestType` and the search's `q`: docs/decisions.md, "Two indexes, and search without one")
 * are declared per probe in `onDocuments`; a page then examines about the page size divided by
 * how often the filter matches, never the whole column.
 */

const REQUESTS = 3000;
const STATUSES = REQUEST_STATUSES.length;
const PER_COLUMN = REQUESTS / STATUSES;
/** One request in SEARCH_EVERY has the searched company (coprime with the statuses). */
const SEARCH_EVERY = 7;
const SEARCHED = 'Buscada';
/** Even requests are the caller's, odd ones unassigned, but every 100th (+1) another vendor's. */
const OTHER_VENDOR_EVERY = 100;
const ASSIGNED_TO_OTHER = Math.ceil(REQUESTS / OTHER_VENDOR_EVERY);
/** Over the exact cost of a keyset page: ties and the one extra document read. */
const SLACK = 1.1;
const LIMIT = BOARD_PAGE_SIZE;
const SEARCH_FIELDS = ['name', 'email', 'company', 'contactNumber', 'requestNumber'];

// Activities (issue 20): one request in ACTIVITY_EVERY holds the caller's overdue activity, a
// done one and another owner's (neither matches the caller's agenda); one in LATER_EVERY also
// the caller's activity due later. The agenda and the bell are asked at AGENDA_NOW, in UTC.
const ACTIVITY_EVERY = 10;
const LATER_EVERY = 20;
const WITH_OVERDUE = REQUESTS / ACTIVITY_EVERY;
const WITH_LATER = REQUESTS / LATER_EVERY;
// Outcomes (issue 21): closed requests alternate won and lost, but every OUTCOME_NONE_EVERY-th
// has none (closed before issue 21); every request has an expected value.
const CLOSED = PER_COLUMN;
const OUTCOME_NONE_EVERY = 3;
const AGENDA_NOW = new Date('2026-06-10T15:00:00.000Z');
// Inicio (issue 22): request i is created (and enters its stage) at SEED_START + i minutes, one
// in WEBSITE_EVERY from the landing form, with one ended stay that left at its creation. The
// dashboard is asked for the first day (DASHBOARD_DAY: the first 1,440 requests), a week's counts
// for its first 12 hours (720), and the stale ones at STALE_NOW: with the default limits only the
// NUEVA requests of the first day (more than 2 days in it) are.
const SEED_START = Date.parse('2026-01-01T00:00:00.000Z');
const WEBSITE_EVERY = 4;
const minutes = (n: number) => new Date(SEED_START + n * 60_000);
const DASHBOARD_DAY: Range = { start: minutes(0), end: minutes(1440) };
const IN_DAY = 1440;
const HALF_DAY: Range = { start: minutes(0), end: minutes(720) };
const IN_HALF_DAY = 720;
const STALE_NOW = new Date('2026-01-04T00:00:00.000Z');
/** Of the first day's requests: the closed ones, and the caller's (the even ones). */
const CLOSED_IN_DAY = IN_DAY / STATUSES;
const CALLERS_IN_DAY = IN_DAY / 2;
const CALLERS_CLOSED_IN_DAY = IN_DAY / (2 * STATUSES);
/** Stale at STALE_NOW: the first day's NUEVA requests. */
const STALE_AT_NOW = IN_DAY / STATUSES;
// Issue 35: one request in UNREAD_EVERY (all even, so the caller's) holds 1 to 4 unread mails.
const UNREAD_EVERY = 6;
const WITH_UNREAD = REQUESTS / UNREAD_EVERY;
const agenda = () => agendaBounds(AGENDA_NOW, 'UTC');

type IndexKeys = Record<string, number>;
type Filter = Record<string, unknown>;

/** A mongoose query as the services build it, unrun. */
type BuiltQuery = {
  getFilter(): Filter;
  getOptions(): { sort?: unknown };
  model: { schema: Schema };
  explain(verbosity: 'executionStats'): { exec(): Promise<unknown> };
};

type Probe = {
  /** The declared indexes of the queried model (with the implicit `_id`). */
  indexes: IndexKeys[];
  filter: Filter;
  sort?: IndexKeys;
  /** Runs `explain('executionStats')` on exactly what the endpoint sends. */
  explain: () => Promise<unknown>;
  /** Fields checked on the documents, by design (docs/decisions.md). */
  onDocuments?: readonly string[];
  /** Reads the whole collection by design: it answers every document. */
  wholeCollection?: boolean;
  maxDocsExamined: number;
  /** For counts: the index range read, at most what is counted plus a seek per interval. */
  maxKeysExamined?: number;
};

type ProbeCase = { name: string; build: () => Promise<Probe> | Probe };

let t: TestApp;
let isFerretDb = false;
let callerId = '';
let otherVendorId = '';

beforeAll(async () => {
  t = await startTestApp();
  const info = await t.ctx.connection.db!.admin().command({ buildInfo: 1 });
  isFerretDb = typeof info.ferretdbVersion === 'string';
  callerId = (await addUser(t.ctx, 'vendor'))._id;
  otherVendorId = (await addUser(t.ctx, 'vendor'))._id;
  await addUser(t.ctx, ADMIN_ROLE);
  await addUser(t.ctx, 'driver');
  if (isFerretDb) {
    console.info(
      'index-bound: FerretDB plans queries in SQLite; plans are asserted on MongoDB (GitHub CI), here only that a declared index serves each query',
    );
    return;
  }
  await seedRequests();
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** The seeded activities of request `i` (see ACTIVITY_EVERY). */
function activitiesOf(i: number) {
  const activity = (ownerId: string, dueAt: Date, done = false) => ({
    _id: new Types.ObjectId(),
    type: 'call',
    title: `Actividad ${i}`,
    dueDate: dueAt.toISOString().slice(0, 10),
    dueTime: dueAt.toISOString().slice(11, 16),
    dueAt,
    ownerId: new Types.ObjectId(ownerId),
    done,
    doneAt: null,
    doneBy: null,
    createdAt: new Date(),
    createdBy: null,
    version: 0,
  });
  const today = new Date(AGENDA_NOW.getTime() + 60 * 60_000);
  return [
    activity(callerId, new Date(Date.parse('2026-05-01T00:00:00.000Z') + i * 60_000)),
    activity(callerId, today, true),
    activity(otherVendorId, today),
    ...(i % LATER_EVERY === 0
      ? [activity(callerId, new Date(Date.parse('2026-07-01T00:00:00.000Z') + i * 60_000))]
      : []),
  ];
}

/** The card's copy of the open activity due first, as activities.service.ts writes it. */
function nextOf(activities: ReturnType<typeof activitiesOf>) {
  const [next] = activities.filter((a) => !a.done).sort((a, b) => +a.dueAt - +b.dueAt);
  if (!next) return null;
  const { _id, type, title, dueDate, dueTime, dueAt } = next;
  return { _id, type, title, dueDate, dueTime, dueAt };
}

/** A closed request's outcome (see OUTCOME_NONE_EVERY); open ones have none. */
function outcomeOf(i: number) {
  if (REQUEST_STATUSES[i % STATUSES] !== 'closed') return null;
  const nth = Math.floor(i / STATUSES);
  if (nth % OUTCOME_NONE_EVERY === 0) return null;
  return nth % 2 === 0
    ? { result: 'won', reason: null, comment: null, at: new Date(), by: null }
    : { result: 'lost', reason: 'Precio', comment: null, at: new Date(), by: null };
}

/** Straight into the collection: the plans are under test, not the create path. */
async function seedRequests() {
  const start = SEED_START;
  const vendorOf = (i: number) => {
    if (i % OTHER_VENDOR_EVERY === 1) return new Types.ObjectId(otherVendorId);
    return i % 2 === 0 ? new Types.ObjectId(callerId) : null;
  };
  const docs = Array.from({ length: REQUESTS }, (_, i) => ({
    requestNumber: i + 1,
    name: `Cliente ${i}`,
    email: `cliente${i}@example.com`,
    jobPosition: '',
    company: i % SEARCH_EVERY === 0 ? `${SEARCHED} ${i}` : `Empresa ${i}`,
    contactNumber: '',
    message: '',
    requestType: REQUEST_TYPES[i % REQUEST_TYPES.length],
    status: REQUEST_STATUSES[i % STATUSES],
    priority: PRIORITIES[i % PRIORITIES.length],
    vendor: vendorOf(i),
    sourceOfContact: i % WEBSITE_EVERY === 0 ? 'website' : 'vendor',
    notes: [],
    createdAt: new Date(start + i * 60_000),
    version: 0,
    statusVersion: 0,
    history: [],
    activities: i % ACTIVITY_EVERY === 0 ? activitiesOf(i) : [],
    activitiesVersion: 0,
    nextActivity: i % ACTIVITY_EVERY === 0 ? nextOf(activitiesOf(i)) : null,
    stageChangedAt: new Date(start + i * 60_000),
    expectedValue: i * 1000,
    outcome: outcomeOf(i),
    ...(i % UNREAD_EVERY === 0 ? { unreadEmails: 1 + (i % 4) } : {}),
    furthestStage: i % STATUSES,
    stageVisits: [
      {
        status: REQUEST_STATUSES[(i + STATUSES - 1) % STATUSES],
        enteredAt: new Date(start + i * 60_000 - 86_400_000),
        leftAt: new Date(start + i * 60_000),
        ms: 86_400_000,
      },
    ],
  }));
  const { insertedIds } = await t.ctx.models.Request.collection.insertMany(docs);
  await seedEmails(Object.values(insertedIds));
}

// Issue 35: THREAD_MAILS on the first request (a long thread), one sent mail on each other one.
const THREAD_MAILS = 500;
const threadRequest = new Types.ObjectId();
const messageIdOf = (i: number) => `<m${i}@crm.test>`;

async function seedEmails(requestIds: Types.ObjectId[]) {
  const mail = (requestId: Types.ObjectId, i: number) => ({
    _id: new Types.ObjectId(),
    requestId,
    direction: i % 2 ? 'in' : 'out',
    messageId: messageIdOf(i),
    from: { address: 'cliente@example.com', name: '' },
    to: [],
    cc: [],
    subject: `Correo ${i}`,
    text: '',
    at: new Date(SEED_START + i * 60_000),
    by: null,
    inReplyTo: null,
    bouncedAt: null,
    unread: false,
  });
  await t.ctx.models.RequestEmail.collection.insertMany([
    ...Array.from({ length: THREAD_MAILS }, (_, i) => mail(threadRequest, i)),
    ...requestIds.map((id, i) => mail(id, THREAD_MAILS + 2 * i)),
  ]);
}

/** The board's filters as the endpoint parses and builds them (`next=` ranges at AGENDA_NOW). */
const board = (query: BoardQuery = {}) =>
  filterFor(boardQuerySchema.parse(query), callerId, agenda());

const declaredIndexes = (schema: Schema): IndexKeys[] => [
  { _id: 1 },
  ...schema.indexes().map(([keys]) => keys as IndexKeys),
];

/** A page of `limit` examines `limit + 1` documents when the index does all the work. */
const pageCost = (limit: number, matchEvery = 1) => Math.ceil((limit + 1) * matchEvery * SLACK);

function findProbe(
  query: BuiltQuery,
  expected: Pick<Probe, 'maxDocsExamined' | 'onDocuments' | 'wholeCollection'>,
): Probe {
  const sort = query.getOptions().sort as IndexKeys | undefined;
  return {
    indexes: declaredIndexes(query.model.schema),
    filter: query.getFilter(),
    ...(sort && { sort }),
    explain: () => query.explain('executionStats').exec(),
    ...expected,
  };
}

/** A count: nothing read beyond what is counted, keys at most that plus a seek per interval. */
function countProbe(
  schema: Schema,
  filter: Filter,
  explain: () => Promise<unknown>,
  counted: number,
  onDocuments?: readonly string[],
): Probe {
  return {
    indexes: declaredIndexes(schema),
    filter,
    explain,
    maxDocsExamined: counted,
    maxKeysExamined: counted + 2 * STATUSES,
    ...(onDocuments && { onDocuments }),
  };
}

/** An aggregate's first stage, the one an index serves. */
function firstMatch(aggregate: Aggregate<unknown>): Filter {
  const [match] = aggregate.pipeline();
  return match && '$match' in match ? (match.$match as Filter) : {};
}

/** A page of one range of the caller's agenda, as agenda.service.ts reads it. */
function agendaProbe(due: AgendaBucket, holding: number, cursor?: AgendaCursor): Probe {
  const owner = new Types.ObjectId(callerId);
  const aggregate = agendaQuery(t.ctx, owner, due, agenda(), LIMIT, cursor);
  return {
    indexes: declaredIndexes(t.ctx.models.Request.schema),
    filter: firstMatch(aggregate),
    explain: () => (aggregate as Aggregate<unknown>).explain('executionStats'),
    maxDocsExamined: holding,
  };
}

/** The board's counts: the one aggregate of board.service.ts. */
function boardCountsProbe(query: BoardQuery, counted: number, onDocuments?: readonly string[]) {
  const aggregate = countsQuery(t.ctx, board(query));
  const filter = firstMatch(aggregate);
  const explain = () => (aggregate as Aggregate<unknown>).explain('executionStats');
  return countProbe(t.ctx.models.Request.schema, filter, explain, counted, onDocuments);
}

/** A column's count and value (issue 21): the one aggregate of board.service.ts's column page. */
function columnTotalsProbe(
  status: RequestStatus,
  query: BoardQuery,
  counted: number,
  onDocuments?: readonly string[],
) {
  const aggregate = columnTotalsQuery(t.ctx, status, board(query));
  const explain = () => (aggregate as Aggregate<unknown>).explain('executionStats');
  const { schema } = t.ctx.models.Request;
  return countProbe(schema, firstMatch(aggregate), explain, counted, onDocuments);
}

/** countDocuments can't be explained: this is the pipeline the driver sends for it. */
function countDocumentsProbe(
  model: 'Request' | 'User',
  filter: Filter,
  counted: number,
  onDocuments?: readonly string[],
) {
  const { schema } = t.ctx.models[model];
  const pipeline = [{ $match: filter }, { $group: { _id: 1, n: { $sum: 1 } } }];
  const explain = () =>
    (t.ctx.models[model].aggregate(pipeline) as Aggregate<unknown>).explain('executionStats');
  return countProbe(schema, filter, explain, counted, onDocuments);
}

/** The position after a column's first page, handed out and parsed as a client would send it. */
async function afterFirstPage(status: RequestStatus) {
  const first = await pageQuery(t.ctx, status, board(), LIMIT);
  // Unseeded on FerretDB, where only the filter's shape is checked: any position will do there.
  const last =
    first[LIMIT - 1] ??
    (isFerretDb ? { createdAt: new Date(), _id: new Types.ObjectId() } : undefined);
  if (!last) throw new Error(`seed too small: "${status}" has no second page`);
  const cursor = encodeBoardCursor({
    createdAt: last.createdAt.toISOString(),
    _id: last._id.toHexString(),
  });
  return columnQuerySchema.parse({ status, cursor }).cursor;
}

/** The thread's position after its first page (any position on FerretDB, which is unseeded). */
async function afterFirstThreadPage() {
  const first = await threadPageQuery(t.ctx, threadRequest.toHexString(), undefined, LIMIT).lean<
    { at: Date; _id: Types.ObjectId }[]
  >();
  const last =
    first[LIMIT - 1] ?? (isFerretDb ? { at: new Date(), _id: new Types.ObjectId() } : undefined);
  if (!last) throw new Error('seed too small: the thread has no second page');
  return { at: last.at.toISOString(), _id: last._id.toHexString() };
}

const probes: ProbeCase[] = [
  // Issue 35: a request's mails in pages, and the mailbox's two lookups.
  {
    name: 'a request’s mails, their first page',
    build: () =>
      findProbe(threadPageQuery(t.ctx, threadRequest.toHexString(), undefined, LIMIT + 1), {
        maxDocsExamined: pageCost(LIMIT),
      }),
  },
  {
    name: 'a request’s mails after a cursor',
    build: async () =>
      findProbe(
        threadPageQuery(
          t.ctx,
          threadRequest.toHexString(),
          await afterFirstThreadPage(),
          LIMIT + 1,
        ),
        { maxDocsExamined: pageCost(LIMIT) },
      ),
  },
  {
    name: 'the event sweep: requests with events a dead process left (none)',
    build: () =>
      findProbe(orphanedEventsQuery(t.ctx, new Date()), { maxDocsExamined: pageCost(0) }),
  },
  {
    name: 'the event sweep: deletions a dead process left half done (none)',
    build: () => findProbe(unfinishedDeletionsQuery(t.ctx), { maxDocsExamined: pageCost(0) }),
  },
  {
    name: 'a request’s files ("Archivos"), their first page',
    build: () =>
      findProbe(filesPageQuery(t.ctx, threadRequest.toHexString(), undefined, LIMIT + 1), {
        maxDocsExamined: pageCost(LIMIT),
      }),
  },
  {
    name: 'a request’s files after a cursor',
    build: () =>
      findProbe(
        filesPageQuery(
          t.ctx,
          threadRequest.toHexString(),
          { at: new Date().toISOString(), _id: new Types.ObjectId().toHexString() },
          LIMIT + 1,
        ),
        { maxDocsExamined: pageCost(LIMIT) },
      ),
  },
  {
    name: 'an answer finding the sent mail it names by Message-ID',
    build: () =>
      findProbe(sentMailNamedQuery(t.ctx, [messageIdOf(THREAD_MAILS + 20), '<ninguno@x.cl>']), {
        maxDocsExamined: 2,
        onDocuments: ['direction'],
      }),
  },
  {
    name: 'the bell’s count of the caller’s requests with unread mail',
    build: () =>
      countDocumentsProbe('Request', unreadMailFilter(new Types.ObjectId(callerId)), WITH_UNREAD),
  },
  {
    // The index read backwards: the most unread first, then the newest, a page's worth.
    name: 'the agenda’s "Correos sin leer" list',
    build: () =>
      findProbe(unreadMailQuery(t.ctx, new Types.ObjectId(callerId), UNREAD_MAIL_LIST_LIMIT), {
        maxDocsExamined: pageCost(UNREAD_MAIL_LIST_LIMIT),
      }),
  },
  {
    name: 'a mail finding the newest open request of its sender',
    build: () =>
      findProbe(newestOpenRequestQuery(t.ctx, 'Cliente10@example.com'), {
        maxDocsExamined: 2,
        onDocuments: ['status'],
      }),
  },
  ...REQUEST_STATUSES.map((status) => ({
    name: `the board's "${status}" page`,
    build: () =>
      findProbe(pageQuery(t.ctx, status, board(), LIMIT), {
        maxDocsExamined: pageCost(LIMIT),
      }),
  })),
  {
    name: 'the board’s counts',
    build: () => boardCountsProbe({}, REQUESTS),
  },
  {
    name: 'a column’s next page (after a cursor)',
    build: async () => {
      const cursor = await afterFirstPage('contacted');
      return findProbe(pageQuery(t.ctx, 'contacted', board(), LIMIT, cursor), {
        maxDocsExamined: pageCost(LIMIT),
      });
    },
  },
  {
    name: 'a column’s count and value',
    build: () => columnTotalsProbe('contacted', {}, PER_COLUMN),
  },
  // Issue 21's "Resultado" (outcome=) on CERRADO: an equality on outcome.result, then the
  // column's order, in the index { status, outcome.result, createdAt, _id }.
  ...(['won', 'none'] as const).map((outcome) => ({
    name: `a CERRADO page of outcome=${outcome}`,
    build: () =>
      findProbe(pageQuery(t.ctx, 'closed', board({ outcome }), LIMIT), {
        maxDocsExamined: pageCost(LIMIT),
      }),
  })),
  {
    name: 'a CERRADO count and value of outcome=lost',
    build: () => columnTotalsProbe('closed', { outcome: 'lost' }, Math.floor(CLOSED / 3) + 1),
  },
  {
    // An open column ignores outcome=: its page is the unfiltered one.
    name: 'an open page under outcome=won',
    build: () =>
      findProbe(pageQuery(t.ctx, 'quote sent', board({ outcome: 'won' }), LIMIT), {
        maxDocsExamined: pageCost(LIMIT),
      }),
  },
  {
    // The counts' $or: the open statuses' range, and CERRADO's range of the result.
    name: 'the counts of outcome=won',
    build: () =>
      boardCountsProbe({ outcome: 'won' }, REQUESTS - CLOSED + Math.ceil(CLOSED / 3) + 1, [
        'outcome.result',
      ]),
  },
  {
    name: 'a page filtered by executive "me"',
    build: () =>
      findProbe(pageQuery(t.ctx, 'new request', board({ vendor: 'me' }), LIMIT), {
        maxDocsExamined: pageCost(LIMIT),
      }),
  },
  {
    name: 'the counts filtered by executive "me"',
    build: () => boardCountsProbe({ vendor: 'me' }, REQUESTS / 2),
  },
  {
    name: 'a page of unassigned requests ("none")',
    build: () =>
      findProbe(pageQuery(t.ctx, 'new request', board({ vendor: 'none' }), LIMIT), {
        maxDocsExamined: pageCost(LIMIT),
      }),
  },
  {
    name: 'a page filtered by priority',
    build: () =>
      findProbe(pageQuery(t.ctx, 'new request', board({ priority: 'high' }), LIMIT), {
        onDocuments: ['priority'],
        maxDocsExamined: pageCost(LIMIT, PRIORITIES.length),
      }),
  },
  {
    name: 'a page of the search',
    build: () =>
      findProbe(pageQuery(t.ctx, 'quote sent', board({ q: SEARCHED }), LIMIT), {
        onDocuments: SEARCH_FIELDS,
        maxDocsExamined: pageCost(LIMIT, SEARCH_EVERY),
      }),
  },
  {
    // A substring in four fields has no index: the search's counts read the documents of the
    // five statuses' range (never the whole collection by a scan), the cost docs/decisions.md
    // accepts until a text index.
    name: 'the search’s counts',
    build: () => boardCountsProbe({ q: SEARCHED }, REQUESTS, SEARCH_FIELDS),
  },
  {
    // Issue 33: the search's matches that "Mis solicitudes" hides, in the search's counts' range
    // (the filter tested on the documents, `$nor`), the count stopping past its cap.
    name: 'the search’s matches hidden by the filters',
    build: () => {
      const query = boardQuerySchema.parse({ q: SEARCHED, vendor: 'me' });
      const aggregate = hiddenMatchesQuery(t.ctx, { ...query, q: SEARCHED }, callerId, agenda());
      const explain = () => (aggregate as Aggregate<unknown>).explain('executionStats');
      const { schema } = t.ctx.models.Request;
      return countProbe(schema, firstMatch(aggregate), explain, REQUESTS, [
        ...SEARCH_FIELDS,
        'vendor',
      ]);
    },
  },
  // Issue 20's "Próxima acción" (next=): the seeded requests' next activities are all overdue
  // (one request in ACTIVITY_EVERY); the others have none.
  {
    // Equality on a null dueAt, then the column's order: the index gives the page in order.
    name: 'a page of requests without a next activity (next=none)',
    build: () =>
      findProbe(pageQuery(t.ctx, 'new request', board({ next: 'none' }), LIMIT), {
        maxDocsExamined: pageCost(LIMIT),
      }),
  },
  ...(['overdue', 'today', 'week'] as const).map((next) => ({
    // A range of dueAt, sorted in memory: the documents read are those of the range (today's
    // timed activities already past are told apart on them), never the rest of the column.
    // When most of a column matches, the planner may instead walk { status, createdAt, _id }
    // and check dueAt on each document, a page's worth (request.model.ts).
    name: `a page of next=${next}`,
    build: () => {
      const query = pageQuery(t.ctx, 'new request', board({ next }), LIMIT);
      const { sort: _inMemory, ...probe } = findProbe(query, {
        onDocuments: ['nextActivity.dueTime', 'nextActivity.dueDate'],
        // Every request with an activity is in "new request" (ACTIVITY_EVERY is a multiple of
        // STATUSES): half that column is overdue, no one is due today or this week.
        maxDocsExamined: next === 'overdue' ? WITH_OVERDUE : 1,
      });
      return probe;
    },
  })),
  {
    name: 'the counts of next=overdue',
    build: () =>
      boardCountsProbe({ next: 'overdue' }, WITH_OVERDUE, [
        'nextActivity.dueTime',
        'nextActivity.dueDate',
      ]),
  },
  {
    name: 'the counts of next=none',
    build: () => boardCountsProbe({ next: 'none' }, REQUESTS - WITH_OVERDUE),
  },
  {
    // With an executive: the range of the column's next activities, the executive checked on
    // their documents (no third index per executive and range; docs/decisions.md's trade-off).
    name: 'a column’s count of next=today with the executive "me"',
    build: () =>
      countDocumentsProbe(
        'Request',
        columnFilter('contacted', board({ next: 'today', vendor: 'me' })),
        0,
        ['vendor', 'nextActivity.dueTime', 'nextActivity.dueDate'],
      ),
  },
  {
    name: 'the users list',
    build: async () =>
      findProbe(usersQuery(t.ctx), {
        wholeCollection: true,
        maxDocsExamined: await t.ctx.models.User.countDocuments(),
      }),
  },
  {
    name: 'one user (users.get, and every call’s token check)',
    build: () => findProbe(userQuery(t.ctx, callerId), { maxDocsExamined: 1 }),
  },
  {
    name: 'the last-admin count (users.update, users.remove)',
    build: async () =>
      countDocumentsProbe('User', ADMINS, await t.ctx.models.User.countDocuments(ADMINS)),
  },
  {
    name: 'the requests users.remove unassigns',
    build: () =>
      findProbe(t.ctx.models.Request.find(assignedTo(otherVendorId)), {
        maxDocsExamined: ASSIGNED_TO_OTHER,
      }),
  },
  ...(
    [
      ['overdue', WITH_OVERDUE],
      ['later', WITH_LATER],
    ] as const
  ).map(([due, holding]) => ({
    // The page's activities are sorted after $unwind: the requests read are those holding a
    // matching activity in the range (after the cursor), never another owner's or done ones'.
    name: `the agenda's "${due}" page`,
    build: () => agendaProbe(due, holding),
  })),
  {
    name: 'the agenda’s next page (after a cursor in the middle of "overdue")',
    build: () =>
      agendaProbe('overdue', WITH_OVERDUE / 2 + 1, {
        dueAt: new Date(
          Date.parse('2026-05-01T00:00:00.000Z') + (REQUESTS / 2) * 60_000,
        ).toISOString(),
        _id: new Types.ObjectId().toHexString(),
      }),
  },
  {
    name: 'the bell’s count (overdue and today)',
    build: () => {
      const aggregate = dueCountQuery(t.ctx, new Types.ObjectId(callerId), agenda());
      return countProbe(
        t.ctx.models.Request.schema,
        firstMatch(aggregate),
        () => (aggregate as Aggregate<unknown>).explain('executionStats'),
        WITH_OVERDUE,
      );
    },
  },
  // Issue 32: the reminders' one read per run, as a run with digests due sends it: everyone's
  // open activities in the next minutes (the other vendor's, an hour after AGENDA_NOW), or the
  // digest users' before the end of their day (the caller's overdue ones, not those due later).
  // Each branch of its $or is one range of an index; the requests read hold one or the other.
  ...(['everyone’s next minutes', 'the digest users’ days'] as const).map((window, branch) => ({
    name: `the reminders' run: ${window}`,
    build: () => {
      const soon = AGENDA_NOW.getTime() + 45 * 60_000;
      const query = dueActivitiesQuery(t.ctx, [
        { from: new Date(soon), before: new Date(soon + 15 * 60_000 + 1) },
        { owners: [callerId], before: agenda().tomorrowStart },
      ]);
      return {
        ...findProbe(query, { maxDocsExamined: 2 * WITH_OVERDUE }),
        filter: (query.getFilter().$or as Filter[])[branch]!,
      };
    },
  })),
  {
    // Issue 20: the requests holding the other vendor's activities, and no other.
    name: 'the requests whose activities users.remove leaves without an owner',
    build: () =>
      findProbe(t.ctx.models.Request.find(withActivitiesOf(otherVendorId)), {
        maxDocsExamined: WITH_OVERDUE,
      }),
  },
  // Inicio (issue 22): every read of GET /api/dashboard, for the whole team and for the caller.
  ...dashboardProbes('the whole team', {}, { day: IN_DAY, closed: CLOSED_IN_DAY }),
  ...dashboardProbes('the caller', () => ({ vendor: new Types.ObjectId(callerId) }), {
    day: CALLERS_IN_DAY,
    closed: CALLERS_CLOSED_IN_DAY,
  }),
  {
    name: 'the team’s open requests per executive',
    build: () => aggregateProbe(openByVendorQuery(t.ctx), REQUESTS - CLOSED),
  },
  // The stale ones: a rooted $or, one range of { status, stageChangedAt } per stage with a limit
  // (each branch must be index-bound); the read examines only the stale ones.
  ...OPEN_STATUSES.map((status, branch) => ({
    name: `the team’s stale requests per executive ("${status}" branch)`,
    build: () => {
      const filter = staleFilter(DEFAULT_STALE_DAYS, STALE_NOW)!;
      const aggregate = staleByVendorQuery(t.ctx, filter);
      return {
        ...aggregateProbe(aggregate, Math.ceil(STALE_AT_NOW * SLACK)),
        filter: (filter.$or as Filter[])[branch]!,
      };
    },
  })),
];

/** An aggregate as the dashboard sends it, its first $match the index's. */
function aggregateProbe(aggregate: Aggregate<unknown>, maxDocsExamined: number): Probe {
  return {
    indexes: declaredIndexes(t.ctx.models.Request.schema),
    filter: firstMatch(aggregate),
    explain: () => aggregate.explain('executionStats'),
    maxDocsExamined,
  };
}

/**
 * The dashboard's reads for one scope (`{}` or the caller's `{ vendor }`, built when the test
 * runs), over DASHBOARD_DAY; `day` requests were created in it, `closed` of them are closed.
 */
function dashboardProbes(
  who: string,
  scopeOf: Scope | (() => Scope),
  { day, closed }: { day: number; closed: number },
): ProbeCase[] {
  const scope = () => (typeof scopeOf === 'function' ? scopeOf() : scopeOf);
  const half = day / 2;
  return [
    {
      // Grouped by furthest stage and status: the period's documents, no others.
      name: `the funnel of ${who}`,
      build: () => aggregateProbe(funnelQuery(t.ctx, scope(), DASHBOARD_DAY), day),
    },
    {
      name: `a week’s count of ${who}`,
      build: () => countDocumentsProbe('Request', weekCountFilters(scope(), HALF_DAY).all, half),
    },
    {
      // The source is read in the index's keys after the createdAt range (onDocuments here
      // lets the rule accept a key after the range): a covered count, or a fetch of what it
      // counts; the keys read are the week's range, plus a seek per key of another source.
      name: `a week’s count from the landing form of ${who}`,
      build: () => {
        const filter = weekCountFilters(scope(), HALF_DAY).website;
        // Every WEBSITE_EVERY-th request is even, so the caller's too.
        const website = IN_HALF_DAY / WEBSITE_EVERY;
        return {
          ...countDocumentsProbe('Request', filter, website, ['sourceOfContact']),
          maxKeysExamined: 2 * half + 2,
        };
      },
    },
    {
      // The requests holding a stay that ended in the period (each seeded request holds one),
      // both ends of the multikey range bound by $elemMatch on MongoDB.
      name: `the stays in each stage of ${who}`,
      build: () => aggregateProbe(staysQuery(t.ctx, scope(), DASHBOARD_DAY, !isFerretDb), day),
    },
    {
      name: `the closed count and amount of ${who}`,
      build: () => {
        const pipeline = totalsPipeline(closedIn(scope(), DASHBOARD_DAY), '$vendor', '$amoutPaid');
        return aggregateProbe(t.ctx.models.Request.aggregate(pipeline), closed);
      },
    },
    {
      name: `the outcomes of ${who}`,
      build: () => aggregateProbe(outcomesQuery(t.ctx, scope(), DASHBOARD_DAY), closed),
    },
    {
      // One range of { status, createdAt } per open stage.
      name: `the pipeline of ${who}`,
      build: () => aggregateProbe(pipelineQuery(t.ctx, scope(), DASHBOARD_DAY), day - closed),
    },
  ];
}

// How a filter meets an index.

type Bounds = { equality: Set<string>; range: Set<string>; onDocuments: Set<string> };

const RANGE_OPERATORS = new Set(['$lt', '$lte', '$gt', '$gte']);
const EQUALITY_OPERATORS = new Set(['$eq', '$in']);

const isOperatorObject = (value: unknown): value is Filter =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).some((key) => key.startsWith('$'));

function kindOf(condition: unknown): keyof Bounds {
  if (condition instanceof RegExp) return 'onDocuments';
  if (!isOperatorObject(condition)) return 'equality';
  const operators = Object.keys(condition);
  if (operators.every((operator) => EQUALITY_OPERATORS.has(operator))) return 'equality';
  if (operators.every((operator) => RANGE_OPERATORS.has(operator))) return 'range';
  return 'onDocuments';
}

const fieldsOf = (filter: Filter): string[] =>
  Object.entries(filter).flatMap(([field, condition]) =>
    field.startsWith('$') && Array.isArray(condition)
      ? (condition as Filter[]).flatMap(fieldsOf)
      : [field],
  );

/** Which fields a filter pins (equality), bounds (range) or only tests (the rest). */
function boundsOf(filter: Filter, bounds: Bounds): Bounds {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and') {
      for (const part of condition as Filter[]) boundsOf(part, bounds);
    } else if (isOperatorObject(condition) && Object.keys(condition).join() === '$elemMatch') {
      // One array element's fields: `{ activities: { $elemMatch: { ownerId } } }` pins
      // `activities.ownerId` (the multikey index's bounds compound only under $elemMatch).
      const element = condition.$elemMatch as Filter;
      const prefixed = Object.entries(element).map(([name, value]) => [`${field}.${name}`, value]);
      boundsOf(Object.fromEntries(prefixed), bounds);
    } else if (field === '$or' || field === '$nor') {
      for (const tested of fieldsOf({ [field]: condition })) bounds.onDocuments.add(tested);
    } else {
      bounds[kindOf(condition)].add(field);
    }
  }
  return bounds;
}

/**
 * The declared index that serves a probe: its first keys are the pinned fields (any order), the
 * next ones the sort (all in its directions or all reversed), a range only on the key right
 * after the pinned ones; every field tested beyond its keys must be declared `onDocuments`.
 * Undefined when none does, or when nothing is pinned, bounded or sorted (a whole collection).
 */
function servingIndex(probe: Probe): IndexKeys | undefined {
  const bounds = boundsOf(probe.filter, {
    equality: new Set(),
    range: new Set(),
    onDocuments: new Set(),
  });
  for (const field of probe.onDocuments ?? []) {
    bounds.equality.delete(field);
    bounds.range.delete(field);
  }
  const sort = Object.entries(probe.sort ?? {});
  if (bounds.equality.size === 0 && bounds.range.size === 0 && sort.length === 0) return undefined;
  return probe.indexes.find((index) => {
    const keys = Object.keys(index);
    const pinned = keys.slice(0, bounds.equality.size);
    if (pinned.length < bounds.equality.size) return false;
    if (!pinned.every((key) => bounds.equality.has(key))) return false;
    const next = keys.slice(pinned.length);
    if (sort.length > next.length) return false;
    const direction = sort.length ? index[next[0]!]! * sort[0]![1] : 1;
    const sorted = sort.every(([field, order], at) => {
      const key = next[at];
      return key === field && index[key]! * order === direction;
    });
    if (!sorted) return false;
    if ([...bounds.range].some((field) => field !== next[0])) return false;
    const tested = [...bounds.onDocuments].filter((field) => !(field in index));
    return tested.every((field) => probe.onDocuments?.includes(field));
  });
}

// What MongoDB's explain says, in its classic or slot-based form, for a find or an aggregate.

const INDEX_STAGES = ['IXSCAN', 'IDHACK', 'EXPRESS_IXSCAN', 'COUNT_SCAN', 'DISTINCT_SCAN'];
const IGNORED_BRANCHES = new Set(['rejectedPlans', 'allPlansExecution']);

type Plan = { stages: string[]; docsExamined: number; keysExamined: number };

/** Every `stage` inside a winning plan, however deep (inputStage, inputStages, queryPlan…). */
function winningStages(node: unknown, inPlan: boolean, into: string[]): string[] {
  if (typeof node !== 'object' || node === null) return into;
  for (const [key, value] of Object.entries(node)) {
    if (IGNORED_BRANCHES.has(key)) continue;
    if (inPlan && key === 'stage' && typeof value === 'string') into.push(value);
    winningStages(value, inPlan || key === 'winningPlan', into);
  }
  return into;
}

/** The largest value of a total anywhere outside the rejected plans. */
function totalOf(node: unknown, name: string): number | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  let found: number | undefined;
  for (const [key, value] of Object.entries(node)) {
    if (IGNORED_BRANCHES.has(key)) continue;
    const inner = key === name && typeof value === 'number' ? value : totalOf(value, name);
    if (inner !== undefined) found = Math.max(found ?? 0, inner);
  }
  return found;
}

function planOf(explained: unknown): Plan {
  const docsExamined = totalOf(explained, 'totalDocsExamined');
  const keysExamined = totalOf(explained, 'totalKeysExamined');
  const stages = winningStages(explained, false, []);
  // A shape this reader doesn't know must fail, never pass for want of numbers.
  if (docsExamined === undefined || keysExamined === undefined || stages.length === 0) {
    throw new Error(`unreadable explain output: ${JSON.stringify(explained).slice(0, 2000)}`);
  }
  return { stages, docsExamined, keysExamined };
}

describe('the board’s and the users’ reads are index-bound', () => {
  it.each(probes.map((probe) => [probe.name, probe] as const))(
    'when %s is explained, then a declared index serves it and it examines about a page',
    async (_name, probeCase) => {
      const probe = await probeCase.build();
      const index = servingIndex(probe);
      if (probe.wholeCollection) expect(index).toBeUndefined();
      else expect(index, JSON.stringify({ filter: probe.filter, sort: probe.sort })).toBeDefined();
      if (isFerretDb) return;

      const plan = planOf(await probe.explain());
      const where = JSON.stringify(plan);
      if (!probe.wholeCollection) {
        expect(plan.stages, where).not.toContain('COLLSCAN');
        expect(
          plan.stages.some((stage) => INDEX_STAGES.includes(stage)),
          where,
        ).toBe(true);
      }
      if (probe.sort) expect(plan.stages, where).not.toContain('SORT');
      expect(plan.docsExamined, where).toBeLessThanOrEqual(probe.maxDocsExamined);
      if (probe.maxKeysExamined !== undefined) {
        expect(plan.keysExamined, where).toBeLessThanOrEqual(probe.maxKeysExamined);
      }
    },
  );
});
