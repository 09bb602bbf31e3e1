import type { Request } from '@crm/shared';
import { sameValue } from '../../../lib/same-value';

/**
 * The server's bookkeeping: always taken from the newer copy, never compared or shown. The next
 * activity and when the stage changed (issue 20), and the unread mails' count (issue 35), are the
 * server's to write, never typed here.
 */
const BOOKKEEPING = [
  '_id',
  'version',
  'statusVersion',
  'createdAt',
  'nextActivity',
  'stageChangedAt',
  // Issue 35: the customer's unread mails, the server's count.
  'unreadEmails',
] as const;
export type RequestField = Exclude<keyof Request, (typeof BOOKKEEPING)[number]>;

/** A field both people changed, to different values: the user chooses (ConflictPanel). */
export type FieldConflict = { field: RequestField; theirs: Request[RequestField] };

export type MergeResult = {
  /** The draft on the newer copy: its bookkeeping, their changes, and every change of mine. */
  draft: Request;
  /** Fields only they changed, now in the draft. */
  taken: RequestField[];
  /** Fields both changed differently; the draft still holds mine. */
  conflicts: FieldConflict[];
};

const isBookkeeping = (key: string) => (BOOKKEEPING as readonly string[]).includes(key);

/**
 * A three-way merge of one request, field by field: `base` is the copy the draft started from,
 * `mine` the draft, `theirs` a newer stored copy. What only they changed comes in; what only I
 * changed stays; what we both changed to different values stays mine and is listed as a
 * conflict. No typed value is dropped here: only the user's choice replaces one.
 */
export function mergeServerCopy(base: Request, mine: Request, theirs: Request): MergeResult {
  const draft: Record<string, unknown> = { ...mine };
  const taken: RequestField[] = [];
  const conflicts: FieldConflict[] = [];
  const baseValues: Record<string, unknown> = base;
  const mineValues: Record<string, unknown> = mine;
  // Theirs, also where their copy has none (the unread mails' count is absent at 0).
  for (const key of BOOKKEEPING) {
    if (key in theirs) draft[key] = theirs[key];
    else delete draft[key];
  }
  for (const [key, theirValue] of Object.entries(theirs)) {
    if (isBookkeeping(key)) continue;
    const field = key as RequestField;
    if (sameValue(theirValue, baseValues[key])) continue;
    if (sameValue(mineValues[key], baseValues[key])) {
      draft[key] = theirValue;
      taken.push(field);
    } else if (!sameValue(mineValues[key], theirValue)) {
      conflicts.push({ field, theirs: theirs[field] });
    }
  }
  return { draft: draft as Request, taken, conflicts };
}

/**
 * Whether `copy` may be merged under a draft based on `base`: a copy older than the base (an
 * answer that arrived late) would take the draft back, so it is ignored.
 */
export const isNotOlder = (copy: Request, base: Request) =>
  copy.version >= base.version && copy.statusVersion >= base.statusVersion;

/**
 * The conflicts still open after another merge: the newer ones replace those of the same field,
 * and a field whose draft value now equals theirs needs no choice any more.
 */
export function openConflicts(
  previous: readonly FieldConflict[],
  next: readonly FieldConflict[],
  draft: Request,
): FieldConflict[] {
  const byField = new Map<RequestField, FieldConflict>();
  for (const conflict of [...previous, ...next]) byField.set(conflict.field, conflict);
  return [...byField.values()].filter(({ field, theirs }) => !sameValue(draft[field], theirs));
}
