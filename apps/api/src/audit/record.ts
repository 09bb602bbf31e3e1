import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, RequestHandler } from 'express';
import { Types } from 'mongoose';
import { deviceOf } from '../auth/index.js';
import type { AppContext, AuditRecord } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { addressKey } from '../http/client-address.js';
import { alertOn } from './alerts.js';
import type { AuditEntryDoc } from './audit.model.js';

/*
 * Recording an action (issue 32). The action never waits for its entry and never fails because
 * of it: `recordAudit` returns at once, and the insert runs beside the answer, retried after each
 * of RETRY_DELAYS_MS and logged (action and ids only, never a secret) when it gives up. What a
 * crash can lose: the entries still pending in this process's memory, i.e. those of the last
 * moments before it (a few milliseconds normally; up to RETRY_DELAYS_MS's sum while the
 * database is away). docs/decisions.md, "The audit log's writes".
 *
 * Who and from where come from the HTTP call the action runs in (an AsyncLocalStorage entered by
 * `auditScope`, which app.ts puts before every route), so a service records with one line and
 * no new parameter; a call may still name its actor (a sign-in, a link's owner) or origin. The
 * features call it as `ctx.audit.record(…)` (context.ts; app-context.ts binds it here), so none
 * imports audit/, which itself uses auth/, requests/, account/ and mail/.
 */

/** Waits before each further try of a failed insert. */
const RETRY_DELAYS_MS = [200, 1_000, 5_000] as const;

const calls = new AsyncLocalStorage<Request>();

/** Express middleware: the rest of the call (and what it awaits) can be recorded from. */
export const auditScope: RequestHandler = (req, _res, next) => calls.run(req, next);

const pending = new WeakMap<AppContext, Set<Promise<void>>>();

/**
 * Records an action, in the background: returns at once and never throws. The entry's time is
 * now (before the write), its expiry AUDIT_RETENTION_DAYS later.
 */
export function recordAudit(ctx: AppContext, record: AuditRecord): void {
  const at = ctx.clock.now();
  const req = calls.getStore();
  const ip = record.from?.ip ?? req?.ip ?? '';
  const userAgent = record.from ? record.from.userAgent : req?.get('user-agent');
  const actor = record.actor ?? (req?.auth ? { userId: req.auth.userId } : undefined);
  const write = writeEntry(ctx, record, { at, ip, userAgent, actor }).catch((error: unknown) =>
    ctx.logger.error({ err: error, auditAction: record.action }, 'audit entry not written'),
  );
  let set = pending.get(ctx);
  if (!set) pending.set(ctx, (set = new Set()));
  set.add(write);
  void write.finally(() => set.delete(write));
}

/** Resolves once every entry recorded so far is written or given up (tests, shutdown). */
export async function auditSettled(ctx: AppContext): Promise<void> {
  const set = pending.get(ctx);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}

/** The full address for the log (a /64 key is for limits), an IPv4-mapped one as IPv4. */
function clientAddress(ip: string): string {
  if (!ip) return '';
  const key = addressKey(ip);
  return key.endsWith('/64') ? ip : key;
}

/** "Chrome 131 · Windows 10"; '' when the client sent no User-Agent. */
function browserOf(userAgent: string | undefined): string {
  const { browser, os } = deviceOf(userAgent);
  return [browser, os].filter(Boolean).join(' · ');
}

type Person = { name: string; lastName: string; email: string };

async function personOf(ctx: AppContext, userId: string): Promise<Person | null> {
  return ctx.users.byId(userId);
}

const fullName = (person: Person) => `${person.name} ${person.lastName}`.trim();

async function writeEntry(
  ctx: AppContext,
  record: AuditRecord,
  origin: { at: Date; ip: string; userAgent: string | undefined; actor: AuditRecord['actor'] },
): Promise<void> {
  const { at, actor } = origin;
  let actorFields = { actorId: null as string | null, actorName: '', actorEmail: '' };
  if (actor && 'userId' in actor) {
    const person = await personOf(ctx, actor.userId);
    actorFields = {
      actorId: actor.userId,
      actorName: person ? fullName(person) : '',
      actorEmail: person?.email ?? '',
    };
  } else if (actor) {
    actorFields.actorEmail = actor.email;
  }
  let target = record.target ? { label: '', ...record.target } : null;
  if (target && record.target?.label === undefined && target.kind === 'user') {
    const person = await personOf(ctx, target.id);
    if (person) target = { ...target, label: `${fullName(person)} <${person.email}>` };
  }
  const entry = {
    at,
    action: record.action,
    ...actorFields,
    target,
    details: record.details ?? {},
    deleted: record.deleted ?? 0,
    ip: clientAddress(origin.ip),
    browser: browserOf(origin.userAgent),
    expiresAt: new Date(at.getTime() + ctx.config.auditRetentionDays * 24 * 60 * 60_000),
  };
  const doc = await insertWithRetries(ctx, entry);
  // The entry is in: an alert that fails is logged as such, not as a lost entry.
  await alertOn(ctx, doc).catch((error: unknown) =>
    ctx.logger.error({ err: error, auditAction: doc.action }, 'audit alert not sent'),
  );
}

/**
 * Inserts the entry, trying again after each of RETRY_DELAYS_MS; the last failure rejects. The
 * id is chosen before the first try, so a try that was stored but not acknowledged makes the
 * next one a duplicate key: written once, whatever the retries.
 */
async function insertWithRetries(
  ctx: AppContext,
  entry: Omit<AuditEntryDoc, '_id'>,
): Promise<AuditEntryDoc> {
  const doc = { _id: new Types.ObjectId(), ...entry };
  for (let attempt = 0; ; attempt++) {
    try {
      await ctx.models.AuditEntry.create(doc);
      return doc;
    } catch (error) {
      if (attempt > 0 && isDuplicateKeyError(error)) return doc;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      ctx.logger.warn(
        { err: error, auditAction: entry.action, attempt, retryInMs: delay },
        'audit entry not written; will retry',
      );
      await sleep(delay);
    }
  }
}
