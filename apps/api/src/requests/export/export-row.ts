import type { Types } from 'mongoose';
import {
  ACTIVITY_TYPE_LABELS,
  NOTES_CELL_SEPARATOR,
  OUTCOME_LABELS,
  PRIORITY_LABELS,
  REQUEST_COLUMNS,
  SOURCE_OF_CONTACT_LABELS,
  columnTitleOf,
  dueText,
  neutraliseCell,
  wallClockOf,
  type Priority,
  type RequestColumnKey,
  type SourceOfContact,
} from '@crm/shared';
import type { StoredOutcome } from '../outcome/outcome.js';
import type { StoredNextActivity } from '../request.model.js';

/*
 * One request as a row of the export (issue 24): the values of REQUEST_COLUMNS, in its order,
 * as a person reads them on the board. Both file formats write these same cells.
 */

/**
 * A cell: text (already neutralised against formula injection), a number, an instant (written
 * as a date in the export's zone), or empty.
 */
export type ExportCell = string | number | Date | null;

/** The fields the export reads: nothing of the history, activities or stage visits. */
export const EXPORTED_FIELDS = [
  'requestNumber',
  'name',
  'email',
  'company',
  'jobPosition',
  'contactNumber',
  'requestType',
  'status',
  'priority',
  'vendor',
  'sourceOfContact',
  'createdAt',
  'expectedValue',
  'outcome',
  'nextActivity',
  'message',
  'notes',
].join(' ');

/** A request as the export's projection reads it (fields absent on old documents optional). */
export type ExportedRequest = {
  _id: Types.ObjectId;
  requestNumber?: number | null;
  name: string;
  email: string;
  company?: string | null;
  jobPosition?: string | null;
  contactNumber?: string | null;
  requestType: string;
  status: string;
  priority: string;
  vendor?: Types.ObjectId | null;
  sourceOfContact: string;
  createdAt: Date;
  expectedValue?: number | null;
  outcome?: StoredOutcome | null;
  nextActivity?: StoredNextActivity | null;
  message?: string | null;
  notes?: string[] | null;
};

/** An executive as their two columns show them. */
export type ExportedVendor = { name: string; email: string };

/** Every text cell goes through here: empty stays empty, anything else is neutralised. */
const text = (value: string | null | undefined): string | null =>
  value ? neutraliseCell(value) : null;

const labelOf = <K extends string>(labels: Record<K, string>, value: string): string =>
  value in labels ? labels[value as K] : value;

const outcomeLabel = (outcome: StoredOutcome | null | undefined): string | null => {
  if (outcome?.result === 'won') return OUTCOME_LABELS.won;
  if (outcome?.result === 'lost') return OUTCOME_LABELS.lost;
  return null;
};

/** "Llamada Confirmar la fecha 2026-12-12 15:00": its type, title and due day (and time). */
const nextActionText = (next: StoredNextActivity | null | undefined): string | null =>
  next
    ? `${ACTIVITY_TYPE_LABELS[next.type]} ${next.title} ${dueText({ dueDate: next.dueDate, dueTime: next.dueTime ?? null })}`
    : null;

/** The row of one request; `vendors` maps a user id to its name and email. */
export function exportRow(
  doc: ExportedRequest,
  vendors: ReadonlyMap<string, ExportedVendor>,
): ExportCell[] {
  const vendor = doc.vendor ? vendors.get(doc.vendor.toHexString()) : undefined;
  const cells: Record<RequestColumnKey, ExportCell> = {
    requestNumber: doc.requestNumber ?? null,
    name: text(doc.name),
    email: text(doc.email),
    company: text(doc.company),
    jobPosition: text(doc.jobPosition),
    contactNumber: text(doc.contactNumber),
    requestType: text(doc.requestType),
    status: text(columnTitleOf(doc.status)),
    priority: text(labelOf<Priority>(PRIORITY_LABELS, doc.priority)),
    vendorName: text(vendor?.name),
    vendorEmail: text(vendor?.email),
    sourceOfContact: text(labelOf<SourceOfContact>(SOURCE_OF_CONTACT_LABELS, doc.sourceOfContact)),
    createdAt: doc.createdAt,
    expectedValue: doc.expectedValue ?? null,
    outcome: outcomeLabel(doc.outcome),
    lostReason: text(doc.outcome?.result === 'lost' ? doc.outcome.reason : null),
    nextActivity: text(nextActionText(doc.nextActivity)),
    message: text(doc.message),
    notes: text((doc.notes ?? []).join(NOTES_CELL_SEPARATOR)),
  };
  return REQUEST_COLUMNS.map((column) => cells[column.key]);
}

/** The header row, in Spanish. */
export const EXPORT_HEADERS: readonly string[] = REQUEST_COLUMNS.map((column) => column.header);

/** `2026-11-25 09:05`: an instant's day and time in a zone, as the CSV writes dates. */
export const csvDateText = (instant: Date, timeZone: string): string =>
  wallClockOf(instant, timeZone).toISOString().slice(0, 16).replace('T', ' ');
