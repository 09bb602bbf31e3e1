import {
  IMPORT_MESSAGES,
  normaliseEmail,
  parseImportRow,
  type DuplicatePolicy,
  type ImportField,
  type ImportRowError,
  type ImportedRequest,
} from '@crm/shared';
import { setImmediate } from 'node:timers/promises';
import type { AppContext } from '../context.js';
import { requestEmailsOldestFirst, type RequestEmail } from '../requests/index.js';

/*
 * What an import does with one row, decided the same way by the check (a dry run: nothing is
 * written) and by the background job (which then writes it). Both walk the file in order with
 * the same two in-memory indexes, so the check's counts are the job's.
 */

/** A request holding an email, as far as the duplicates are concerned. */
export type EmailHolder = Omit<RequestEmail, 'email'>;

/**
 * Every request's email (normalised) → the requests holding it, newest first. One projected
 * read of the collection per check or job run: emails are stored as typed, so without a stored
 * normalised copy no index can answer a case-insensitive lookup (see docs/decisions.md).
 */
export type EmailIndex = Map<string, EmailHolder[]>;

export async function loadEmailIndex(ctx: AppContext): Promise<EmailIndex> {
  const index: EmailIndex = new Map();
  for await (const { email, ...holder } of requestEmailsOldestFirst(ctx)) {
    const key = normaliseEmail(email);
    const holders = index.get(key) ?? [];
    // Oldest first in, so newest first out.
    holders.unshift(holder);
    index.set(key, holders);
  }
  return index;
}

/** The staff an "Ejecutivo (correo)" cell may name: normalised email → id and full name. */
export type VendorIndex = Map<string, { id: string; name: string }>;

export async function loadVendorIndex(ctx: AppContext): Promise<VendorIndex> {
  const users = await ctx.users.all();
  return new Map(
    users.map((user) => [
      normaliseEmail(user.email),
      { id: user.id, name: `${user.name} ${user.lastName}` },
    ]),
  );
}

/** The key a row's request carries: unique, so no row is stored twice. */
export const importKeyOf = (importId: string, row: number) => `${importId}:${row}`;

export type RowPlan =
  | { result: 'rejected'; errors: ImportRowError[] }
  | {
      result: 'created' | 'updated' | 'skipped';
      request: ImportedRequest;
      present: ImportField[];
      vendor: { id: string; name: string } | null;
      /** updated: the request it updates; skipped: the one it repeats. */
      targetId?: string;
      /** Already done by an earlier run of this import (a resumed job): nothing to write. */
      alreadyDone: boolean;
      /** Whether the email is an existing request's (not only an earlier row's). */
      duplicateOf: 'existing' | 'file' | null;
    };

export type RowPlanContext = {
  importId: string;
  headers: readonly string[];
  mapping: readonly (ImportField | null)[];
  duplicates: DuplicatePolicy;
  timeZone: string;
  now: Date;
  emails: EmailIndex;
  vendors: VendorIndex;
  /** Emails the file's earlier rows hold (normalised → the row's key), filled as rows go by. */
  seen: Map<string, string>;
};

/**
 * One row's plan. Updates `ctx.emails` and `ctx.seen` as the job would after writing it, so the
 * next rows see it: a row repeating an earlier one is a duplicate "in the file", and with
 * "update" it updates what the earlier row created.
 */
export function planRow(ctx: RowPlanContext, cells: readonly string[], row: number): RowPlan {
  const parsed = parseImportRow(cells, ctx.mapping, {
    row,
    headers: ctx.headers,
    timeZone: ctx.timeZone,
    now: ctx.now,
  });
  if (!parsed.ok) return { result: 'rejected', errors: parsed.errors };
  const { request, present } = parsed;
  let vendor: { id: string; name: string } | null = null;
  if (request.vendorEmail) {
    vendor = ctx.vendors.get(normaliseEmail(request.vendorEmail)) ?? null;
    if (!vendor) {
      const column = ctx.mapping.indexOf('vendor');
      return {
        result: 'rejected',
        errors: [
          {
            row,
            field: 'vendor',
            column: ctx.headers[column] ?? 'Ejecutivo (correo)',
            value: request.vendorEmail,
            message: IMPORT_MESSAGES.unknownVendor,
          },
        ],
      };
    }
  }
  const key = importKeyOf(ctx.importId, row);
  const email = normaliseEmail(request.email);
  const holders = ctx.emails.get(email) ?? [];
  const seenBefore = ctx.seen.has(email);
  ctx.seen.set(email, key);
  const base = { request, present, vendor };

  // This very row was stored by an earlier run of the job.
  const created = holders.find((holder) => holder.importKey === key);
  if (created)
    return {
      ...base,
      result: 'created',
      targetId: created.id,
      alreadyDone: true,
      duplicateOf: null,
    };
  const updated = holders.find((holder) => holder.lastImportKey === key);
  if (updated)
    return {
      ...base,
      result: 'updated',
      targetId: updated.id,
      alreadyDone: true,
      duplicateOf: null,
    };

  const ownRows = holders.filter((holder) => holder.importKey?.startsWith(`${ctx.importId}:`));
  const duplicateOf = seenBefore ? 'file' : holders.length > ownRows.length ? 'existing' : null;
  const newest = holders[0];
  if (!duplicateOf || !newest || ctx.duplicates === 'create') {
    // The job writes it; later rows with this email see it (its id is filled in by the job).
    ctx.emails.set(email, [{ id: '', importKey: key }, ...holders]);
    return { ...base, result: 'created', alreadyDone: false, duplicateOf };
  }
  if (ctx.duplicates === 'skip') {
    return { ...base, result: 'skipped', targetId: newest.id, alreadyDone: false, duplicateOf };
  }
  newest.lastImportKey = key;
  return { ...base, result: 'updated', targetId: newest.id, alreadyDone: false, duplicateOf };
}

/**
 * Rows planned (or made into documents) between two turns of the event loop: a chunk's 500 rows
 * in one go hold every other call up for a few hundred milliseconds (a row's dates go through
 * Intl, its document through mongoose's casting).
 */
const ROWS_PER_TURN = 50;

/** Call once per row: every ROWS_PER_TURN rows, it lets the other calls' callbacks run. */
export function turns(): () => Promise<void> {
  let rows = 0;
  return async () => {
    if (++rows % ROWS_PER_TURN === 0) await setImmediate();
  };
}
