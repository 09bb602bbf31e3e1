import { hashKey, notifyManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  isRequestStatus,
  LEAD_MESSAGES,
  type CrmEvent,
  type EventChange,
  type EventType,
  type Outcome,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import { notify } from '../../lib/notify';
import { activitiesQueryKey } from '../activities/get-activities';
import { allAgendaQueryKey } from '../activities/get-agenda';
import { dueCountQueryKey } from '../activities/get-due-count';
import { unreadMailQueryKey } from '../activities/get-unread-mail';
import { emailsQueryKey } from '../emails/get-emails';
import { changeCachedColumns, refetchColumns } from '../requests/board-cache';
import { historyQueryKey } from '../requests/get-request-history';
import { allColumnsQueryKey, type ColumnData } from '../requests/query-keys';
import {
  hasSameUnversioned,
  hasSameVersions,
  isOlderThan,
  isOptimistic,
  markOptimistic,
  readRecord,
  removeRecord,
  withUnversionedOf,
} from '../requests/request-records';
import { markDeletedByOther, markOthersCopy } from './others-changes';

/*
 * Issue 36: the stream's events into what this tab shows, without reading anything the event
 * already carries. An event with the request (`data.request`) goes through the board's own cache
 * update (board-cache.ts), as a save made here would: the card's record is replaced, the card
 * leaves and enters columns, counts and totals follow. 200 people watching 10 moves a second
 * read nothing. What is read again, and only when shown:
 * - a column whose filters the browser cannot apply exactly (a search, "Próxima acción":
 *   column-filter.ts) when a request may have entered or left it;
 * - the columns that may count a request this tab never had, deleted or imported (the event
 *   does not say where it was), once per burst;
 * - the agenda and the bell after activity and mail events (the events do not say whose
 *   activity), once per burst;
 * - an open request window's history, activities and mails, after someone else's change.
 */

const CREATIONS: ReadonlySet<EventType> = new Set(['request.created', 'request.lead']);
const ACTIVITY_EVENTS: ReadonlySet<EventType> = new Set([
  'request.activity.planned',
  'request.activity.completed',
  'request.activity.changed',
]);
const EMAIL_EVENTS: ReadonlySet<EventType> = new Set([
  'request.email.sent',
  'request.email.received',
]);
/** What changes the bell's count or the agenda's lists (a request's owner, mails, activities). */
const AGENDA_EVENTS: ReadonlySet<EventType> = new Set([
  ...ACTIVITY_EVENTS,
  'request.email.received',
  'request.assigned',
  'request.deleted',
]);

/** Events remembered by id: one delivered twice (a late event moved on, a replay) counts once. */
const SEEN_LIMIT = 2000;
/** Requests no cached column lists, remembered as last counted (see `priorOf`). */
const COUNTED_LIMIT = 1000;
/**
 * What a burst of events leaves to the server is asked for once, this long after its first event
 * (not after its last: under a steady flow of events that would never come).
 */
const BURST_MS = 300;

/** A Map kept to its newest `limit` entries. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}

/** An outcome as the history words it ("won", "lost: <reason>"): enough to count it. */
const outcomeOfText = (text: string | null): Outcome | null =>
  text === null
    ? null
    : text === 'won'
      ? { result: 'won', reason: null, comment: null }
      : { result: 'lost', reason: text.replace(/^lost: ?/, '') || null, comment: null };

/** Each field's value before the change, where the field is one of the request's own. */
function priorOfChange(before: Request, { field, from }: EventChange): boolean {
  const values = before as Record<string, unknown>;
  if (field === 'status') {
    if (!isRequestStatus(from)) return false;
    before.status = from;
  } else if (field === 'expectedValue') before.expectedValue = from === null ? null : Number(from);
  else if (field === 'outcome') before.outcome = outcomeOfText(from);
  // A field of its own (priority, name, vendor…): the history's text of it, enough to tell that
  // it changed and, for the filtered ones, what it was.
  else if (field in values) values[field] = from;
  return true;
}

/**
 * A request the cache does not hold, as it was before the event, from the fields the event says
 * it changed (each with its `from`), for its counts and totals. An activity changes its next
 * step, which no change names: it reads as changed (only "Próxima acción" reads it, and that
 * column is the server's to settle). Undefined when the event does not say (a status that is not
 * one).
 */
function priorOf(event: CrmEvent, after: Request): Request | undefined {
  const before: Request = { ...after };
  if (ACTIVITY_EVENTS.has(event.type)) before.nextActivity = UNKNOWN_NEXT;
  for (const change of event.data.changes ?? []) {
    if (!priorOfChange(before, change)) return undefined;
  }
  return before;
}

/** A next step no request has: compared with any, it differs. */
const UNKNOWN_NEXT = { _id: '' } as NonNullable<Request['nextActivity']>;

export type LiveCache = {
  /** The events of one read, in order. */
  apply: (events: readonly CrmEvent[]) => void;
  /** The stream resumed past events no longer kept: everything shown is read again. */
  reload: () => void;
};

/** `me`: the signed-in user's id (their own changes are not "someone else's"). */
export function liveCache(queryClient: QueryClient, me: () => string | undefined): LiveCache {
  const seen = new Map<string, true>();
  const counted = new Map<string, Request>();
  const staleColumns = new Map<string, QueryKey>();
  let columnsTimer: ReturnType<typeof setTimeout> | undefined;
  let agendaTimer: ReturnType<typeof setTimeout> | undefined;

  const refetchSoon = (columns: readonly QueryKey[]) => {
    if (columns.length === 0) return;
    for (const queryKey of columns) staleColumns.set(hashKey(queryKey), queryKey);
    columnsTimer ??= setTimeout(() => {
      columnsTimer = undefined;
      const due = [...staleColumns.values()];
      staleColumns.clear();
      void refetchColumns(queryClient, due);
    }, BURST_MS);
  };

  /**
   * A request this tab never had is gone or came in without saying where it was: the columns
   * that may count it are read again. Not one fully loaded that does not list it (it is not
   * there) unless it may have come into it (`status`).
   */
  const refetchWhereUnknown = (id: string, status?: RequestStatus) => {
    const columns = queryClient
      .getQueriesData<ColumnData>({ queryKey: allColumnsQueryKey() })
      .filter(([queryKey, data]) => {
        const column = queryKey[2] as { status: RequestStatus };
        const loadedAll = data?.pages.at(-1)?.nextCursor === null;
        const lists = data?.pages.some((page) => page.ids.includes(id));
        return !loadedAll || lists || column.status === status;
      })
      .map(([queryKey]) => queryKey);
    refetchSoon(columns);
  };

  const agendaSoon = () => {
    agendaTimer ??= setTimeout(() => {
      agendaTimer = undefined;
      for (const queryKey of [dueCountQueryKey(), allAgendaQueryKey(), unreadMailQueryKey()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }, BURST_MS);
  };

  const isListed = (id: string) =>
    queryClient
      .getQueriesData<ColumnData>({ queryKey: allColumnsQueryKey() })
      .some(([, data]) => data?.pages.some((page) => page.ids.includes(id)));

  /**
   * One request's list, read again if shown, found by its hash: a filter would walk every cached
   * query (thousands of records on a board scrolled deep) for each event.
   */
  const refreshIfCached = (queryKey: QueryKey) => {
    if (!queryClient.getQueryCache().get(hashKey(queryKey))) return;
    void queryClient.invalidateQueries({ queryKey, exact: true });
  };

  /** Someone else's change: an open request window's lists catch up (read only if shown). */
  const refreshWindow = ({ requestId: id, type }: CrmEvent) => {
    refreshIfCached(historyQueryKey(id));
    if (ACTIVITY_EVENTS.has(type)) refreshIfCached(activitiesQueryKey(id));
    if (EMAIL_EVENTS.has(type)) refreshIfCached(emailsQueryKey(id));
  };

  function deleted(event: CrmEvent, byOther: boolean) {
    const id = event.requestId;
    const record = readRecord(queryClient, id);
    if (record && byOther) markDeletedByOther(id, { name: event.actor?.name ?? null });
    const before = record ?? counted.get(id);
    counted.delete(id);
    if (before) refetchSoon(changeCachedColumns(queryClient, before, undefined));
    else refetchWhereUnknown(id);
  }

  function changed(event: CrmEvent, byOther: boolean) {
    const { requestId: id, type } = event;
    const copy = event.data.request;
    if (!copy) return;
    const record = readRecord(queryClient, id);
    if (record && isOlderThan(copy, record)) return;
    const sameVersions = record !== undefined && hasSameVersions(copy, record);
    // Nothing this tab lacks (its own change, already answered; a replay): nothing to draw or
    // read again.
    if (sameVersions && hasSameUnversioned(copy, record)) return;
    const ahead = sameVersions && isOptimistic(record);
    const after = ahead ? withUnversionedOf(record, copy) : copy;
    const known = record ?? counted.get(id);
    // An import creates a request or updates one: which, and where it was, the event does not
    // say of one never seen here.
    const before = known ?? (CREATIONS.has(type) ? undefined : priorOf(event, after));
    if (!known && (type === 'request.imported' || (!before && !CREATIONS.has(type)))) {
      refetchWhereUnknown(id, after.status);
      return;
    }
    refetchSoon(changeCachedColumns(queryClient, before, after));
    if (ahead) markOptimistic(queryClient, id);
    const stored = readRecord(queryClient, id);
    if (!record && stored && !isListed(id)) {
      // Nothing shows it: not kept as a record, only as counted.
      removeRecord(queryClient, id);
      remember(counted, id, after, COUNTED_LIMIT);
    } else counted.delete(id);
    if (byOther && record && stored) markOthersCopy(stored, { name: event.actor?.name ?? null });
    if (type === 'request.lead' && !known) notify.success(LEAD_MESSAGES.newLeadNotice(after.name));
  }

  function applyOne(event: CrmEvent) {
    if (seen.has(event.id)) return;
    remember(seen, event.id, true, SEEN_LIMIT);
    const byOther = event.actor?.id !== me();
    if (byOther) refreshWindow(event);
    if (AGENDA_EVENTS.has(event.type)) agendaSoon();
    if (event.type === 'request.deleted') deleted(event, byOther);
    else changed(event, byOther);
  }

  return {
    // One round of redraws for all the events of one read.
    apply: (events) => notifyManager.batch(() => events.forEach(applyOne)),
    reload: () => {
      counted.clear();
      void queryClient.invalidateQueries();
    },
  };
}
