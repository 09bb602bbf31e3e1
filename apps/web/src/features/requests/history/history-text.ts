import {
  ACTIVITY_TYPE_LABELS,
  OUTCOME_LABELS,
  columnTitleOf,
  type ActivityType,
  type HistoryEntry,
  type User,
} from '@crm/shared';
import { formatDateTime, shortName } from '../../../lib/format';

type Person = Pick<User, '_id' | 'name' | 'lastName'>;

export const HISTORY_LABELS = {
  /** The website form, or a change with no user behind it. */
  nobody: 'Alguien',
  /** A user who has since been deleted. */
  deletedUser: 'Usuario eliminado',
} as const;

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

/** One change in words: "Ana C. movió de CONTACTADO a COTIZACIÓN ENVIADA". */
export function describeChange(entry: HistoryEntry, users: readonly Person[]): string {
  const who = whoDid(entry, users);
  switch (entry.field) {
    case 'status':
      return entry.from === null || entry.to === null
        ? `${who} movió a ${columnTitleOf(entry.to ?? '')}`
        : `${who} movió de ${columnTitleOf(entry.from)} a ${columnTitleOf(entry.to)}`;
    case 'vendor':
      return entry.to === null
        ? `${who} quitó la asignación`
        : `${who} asignó a ${vendorName(entry.to, users)}`;
    case 'note':
      if (entry.from === null) return `${who} agregó una nota`;
      if (entry.to === null || entry.to === '') return `${who} borró una nota`;
      return `${who} editó una nota`;
    // Activities (issue 20); the Actividades section's own wording comes with its screen.
    case 'activity':
      if (entry.from === null) return `${who} planificó «${entry.to ?? ''}»`;
      if (entry.to === null) return `${who} borró la actividad «${entry.from}»`;
      return `${who} renombró «${entry.from}» a «${entry.to}»`;
    case 'activityType':
      return `${who} cambió «${activityTitle(entry)}» a ${typeLabel(entry.to)}`;
    case 'activityDue':
      return `${who} reprogramó «${activityTitle(entry)}» para ${entry.to ?? ''}`;
    case 'activityOwner':
      return entry.to === null
        ? `${who} dejó «${activityTitle(entry)}» sin responsable`
        : `${who} asignó «${activityTitle(entry)}» a ${vendorName(entry.to, users)}`;
    case 'activityDone':
      return entry.to === 'done'
        ? `${who} completó «${activityTitle(entry)}»`
        : `${who} reabrió «${activityTitle(entry)}»`;
    // Value and outcomes (issue 21).
    case 'expectedValue':
      return entry.to === null
        ? `${who} quitó el monto estimado`
        : `${who} estimó el monto en ${amountText(entry.to)}`;
    case 'outcome':
      return entry.to === null
        ? `${who} quitó el resultado`
        : `${who} marcó ${outcomeWords(entry.to)}`;
  }
}

/** The amount as the history stores it (its digits), grouped as people read it here. */
const amountText = (text: string) =>
  Number.isFinite(Number(text)) ? Number(text).toLocaleString('es-CL') : text;

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
export const describeEntry = (entry: HistoryEntry, users: readonly Person[]) =>
  `${describeChange(entry, users)} · ${formatDateTime(entry.at)}`;

/**
 * Who added or last changed each note, by its text ("Ana C. · 23/11/26 10:42"): the newest
 * history entry that wrote that text (entries come newest first).
 */
export function noteAuthors(
  entries: readonly HistoryEntry[],
  users: readonly Person[],
): ReadonlyMap<string, string> {
  const authors = new Map<string, string>();
  for (const entry of entries) {
    if (entry.field !== 'note' || entry.to === null || entry.to === '') continue;
    if (!authors.has(entry.to)) {
      authors.set(entry.to, `${whoDid(entry, users)} · ${formatDateTime(entry.at)}`);
    }
  }
  return authors;
}
