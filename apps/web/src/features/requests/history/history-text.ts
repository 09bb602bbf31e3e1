import {
  ACTIVITY_TYPE_LABELS,
  HISTORY_EDITED_FIELD_LABELS,
  HISTORY_LABELS,
  HISTORY_TEXT,
  OUTCOME_LABELS,
  PRIORITY_LABELS,
  apiLeadHistoryText,
  columnTitleOf,
  importedHistoryText,
  isHistoryEditedField,
  isHistoryTextOf,
  type ActivityType,
  type HistoryEditedField,
  type HistoryEntry,
  type Priority,
  type User,
  formatDateTime,
  formatMoney,
} from '@crm/shared';
import { eventDateToText, shortName } from '../../../lib/format';

type Person = Pick<User, '_id' | 'name' | 'lastName'>;

/** How much of a text the timeline shows before "Ver todo" (a note, a message-long value). */
export const HISTORY_PREVIEW_LENGTH = 120;

const preview = (text: string, full: boolean) =>
  full || text.length <= HISTORY_PREVIEW_LENGTH
    ? text
    : `${text.slice(0, HISTORY_PREVIEW_LENGTH - 1).trimEnd()}…`;

/** Whether the entry holds a text the timeline shortens, so it offers "Ver todo". */
export const hasLongText = (entry: Pick<HistoryEntry, 'from' | 'to'>) =>
  [entry.from, entry.to].some((text) => text !== null && text.length > HISTORY_PREVIEW_LENGTH);

/** "Ana C." from a full name as the API gives it ("Ana Castro"), when the user isn't listed. */
function shortFromFullName(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return shortName({ name: first, lastName: rest.join(' ') });
}

/** Who made a change: "Ana C.", "Alguien" (no user) or "Usuario eliminado". */
export function whoDid(entry: Pick<HistoryEntry, 'by' | 'byName'>, users: readonly Person[]) {
  if (entry.by === null)
    return entry.byName ? shortFromFullName(entry.byName) : HISTORY_LABELS.nobody;
  const user = users.find((candidate) => candidate._id === entry.by);
  if (user) return shortName(user);
  return entry.byName ? shortFromFullName(entry.byName) : HISTORY_LABELS.deletedUser;
}

const vendorName = (id: string, users: readonly Person[]) => {
  const user = users.find((candidate) => candidate._id === id);
  return user ? shortName(user) : HISTORY_LABELS.deletedUser;
};

/**
 * An edited field's value as the history stores it (historyValueText), as the modal shows it:
 * the priority's label, the event's day, "Sí"/"No"/"Pendiente", "(vacío)" for none.
 */
function fieldValueText(
  field: HistoryEditedField,
  value: string | null,
  full: boolean,
  currency: string | undefined,
): string {
  if (value === null || value === '') return HISTORY_LABELS.empty;
  switch (field) {
    case 'priority':
      return PRIORITY_LABELS[value as Priority] ?? value;
    case 'eventDate':
      return eventDateToText(value) || value;
    case 'emailSentToCloseEvents':
      return value === 'true'
        ? HISTORY_LABELS.yes
        : value === 'false'
          ? HISTORY_LABELS.no
          : HISTORY_LABELS.pending;
    case 'amoutPaid':
      return amountText(value, currency);
    default:
      return preview(value, full);
  }
}

/** A note's text in quotes, shortened unless `full`; nothing for an entry written without it. */
const noteText = (text: string | null, full: boolean) =>
  text ? HISTORY_TEXT.noteQuote(preview(text, full)) : '';

/**
 * One change in words, without who made it: "movió de CONTACTADO a COTIZACIÓN ENVIADA",
 * "Cargo: Gerente → Director" (issue 25). Long texts are shortened unless `full`.
 */
export function describeWhat(
  entry: HistoryEntry,
  users: readonly Person[],
  full = false,
  currency?: string,
): string {
  if (isHistoryEditedField(entry.field)) {
    const field = entry.field;
    const value = (text: string | null) => fieldValueText(field, text, full, currency);
    return `${HISTORY_EDITED_FIELD_LABELS[field]}: ${value(entry.from)} → ${value(entry.to)}`;
  }
  switch (entry.field) {
    case 'status':
      return entry.from === null || entry.to === null
        ? HISTORY_TEXT.movedTo(columnTitleOf(entry.to ?? ''))
        : HISTORY_TEXT.movedFromTo(columnTitleOf(entry.from), columnTitleOf(entry.to));
    case 'vendor':
      return entry.to === null
        ? HISTORY_TEXT.unassigned
        : HISTORY_TEXT.assignedTo(vendorName(entry.to, users));
    case 'note':
      // Entries before issue 25 may hold no text: the line still says what happened.
      if (entry.from === null) return HISTORY_TEXT.noteAdded(noteText(entry.to, full));
      if (entry.to === null || entry.to === '') {
        return HISTORY_TEXT.noteRemoved(noteText(entry.from, full));
      }
      return HISTORY_TEXT.noteEdited(preview(entry.from, full), preview(entry.to, full));
    // Activities (issue 20); the Actividades section's own wording comes with its screen.
    case 'activity':
      if (entry.from === null) return HISTORY_TEXT.activityPlanned(entry.to ?? '');
      if (entry.to === null) return HISTORY_TEXT.activityRemoved(entry.from);
      return HISTORY_TEXT.activityRenamed(entry.from, entry.to);
    case 'activityType':
      return HISTORY_TEXT.activityTypeChanged(activityTitle(entry), typeLabel(entry.to));
    case 'activityDue':
      return HISTORY_TEXT.activityRescheduled(activityTitle(entry), entry.to ?? '');
    case 'activityOwner':
      return entry.to === null
        ? HISTORY_TEXT.activityUnowned(activityTitle(entry))
        : HISTORY_TEXT.activityOwned(activityTitle(entry), vendorName(entry.to, users));
    case 'activityDone':
      return entry.to === 'done'
        ? HISTORY_TEXT.activityDone(activityTitle(entry))
        : HISTORY_TEXT.activityReopened(activityTitle(entry));
    // Issue 33: logged as already done, in one step ("registró una llamada «…» · resultado: …").
    case 'activityLogged':
      return HISTORY_TEXT.activityLogged(
        typeLabel(entry.from).toLowerCase(),
        activityTitle(entry),
        entry.to ? HISTORY_TEXT.resultQuote(preview(entry.to, full)) : '',
      );
    // Value and outcomes (issue 21).
    case 'expectedValue':
      return entry.to === null
        ? HISTORY_TEXT.valueRemoved
        : HISTORY_TEXT.valueSet(amountText(entry.to, currency));
    case 'outcome':
      return entry.to === null
        ? HISTORY_TEXT.outcomeRemoved
        : HISTORY_TEXT.outcomeSet(outcomeWords(entry.to));
    // Issue 24: the request's source, as a line of its own under who and when.
    case 'imported':
      return importedHistoryText(entry.to ?? '');
    // Issue 36: sent by another site or tool, with its token's source name.
    case 'apiLead':
      return apiLeadHistoryText(entry.to);
    // Issue 35: the request's mails.
    case 'emailSent':
      return HISTORY_TEXT.emailSent(preview(entry.to ?? '', full));
    case 'emailReceived':
      return HISTORY_TEXT.emailReceived(entry.from ?? '', preview(entry.to ?? '', full));
    default:
      return '';
  }
}

/**
 * One change in words: "Ana C. movió de CONTACTADO a COTIZACIÓN ENVIADA"; an edited field's as
 * "Ana C. cambió Cargo: Gerente → Director".
 */
export function describeChange(
  entry: HistoryEntry,
  users: readonly Person[],
  full = false,
  currency?: string,
) {
  const what = describeWhat(entry, users, full, currency);
  if (entry.field === 'imported') return HISTORY_TEXT.imported(whoDid(entry, users), what);
  if (entry.field === 'apiLead') return HISTORY_TEXT.apiLead(whoDid(entry, users), what);
  // Nobody did it: the customer wrote.
  if (entry.field === 'emailReceived') return what;
  const who = whoDid(entry, users);
  return isHistoryEditedField(entry.field) ? HISTORY_TEXT.edited(who, what) : `${who} ${what}`;
}

/** Who and when of a change or a save: "Ana C. · 23/11/26 10:42", in the person's zone. */
export const whoAndWhen = (entry: HistoryEntry, users: readonly Person[], timeZone: string) =>
  `${whoDid(entry, users)} · ${formatDateTime(entry.at, timeZone)}`;

/**
 * The entries of one save together (issue 25): consecutive entries with the same `at` and `by`,
 * as the API writes every change of one save; each older entry is a group of its own.
 */
export function groupBySave(entries: readonly HistoryEntry[]): HistoryEntry[][] {
  const groups: HistoryEntry[][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    const head = last?.[0];
    if (last && head && head.at === entry.at && head.by === entry.by) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

/** The amount as the history stores it (its digits), in the product's money format (@crm/shared's formatMoney). */
const amountText = (text: string, currency: string | undefined) =>
  Number.isFinite(Number(text)) ? formatMoney(Number(text), currency) : text;

/** The outcome as the history stores it ("won", "lost: Precio") in the product's words. */
const outcomeWords = (text: string) =>
  text === 'won'
    ? OUTCOME_LABELS.won
    : text.startsWith('lost: ')
      ? OUTCOME_LABELS.lostBecause(text.slice('lost: '.length))
      : OUTCOME_LABELS.lost;

const activityTitle = (entry: HistoryEntry) => entry.activity?.title ?? '';
const typeLabel = (type: string | null) => ACTIVITY_TYPE_LABELS[type as ActivityType] ?? type ?? '';

/** The timeline's line: "Ana C. movió de CONTACTADO a COTIZACIÓN ENVIADA · 23/11/26 10:42". */
export const describeEntry = (
  entry: HistoryEntry,
  users: readonly Person[],
  timeZone: string,
  full = false,
  currency?: string,
) => `${describeChange(entry, users, full, currency)} · ${formatDateTime(entry.at, timeZone)}`;

/**
 * Notes' authors by text; a note longer than the history keeps (issue 25) is found by the
 * shortened text its entry holds.
 */
class NoteAuthors extends Map<string, string> {
  override get(text: string): string | undefined {
    const exact = super.get(text);
    if (exact !== undefined) return exact;
    for (const [stored, author] of this) if (isHistoryTextOf(stored, text)) return author;
    return undefined;
  }

  override has(text: string): boolean {
    return this.get(text) !== undefined;
  }
}

/**
 * Who added or last changed each note, by its text ("Ana C. · 23/11/26 10:42"): the newest
 * history entry that wrote that text (entries come newest first).
 */
export function noteAuthors(
  entries: readonly HistoryEntry[],
  users: readonly Person[],
  timeZone: string,
): ReadonlyMap<string, string> {
  const authors = new NoteAuthors();
  for (const entry of entries) {
    if (entry.field !== 'note' || entry.to === null || entry.to === '') continue;
    // The exact key: a newer entry's shortened text must not hide an older exact one.
    if (!Map.prototype.has.call(authors, entry.to)) {
      authors.set(entry.to, whoAndWhen(entry, users, timeZone));
    }
  }
  return authors;
}
