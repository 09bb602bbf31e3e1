import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Types } from 'mongoose';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AUDIT_COLUMNS,
  AUDIT_ALERT_MAIL,
  auditApi,
  auditPageSchema,
  endpoints,
  exportLinkSchema,
  twoFactorChallengeSchema,
  type AuditAction,
  type AuditEntry,
} from '@crm/shared';
import { sweepExpired } from '../db/sweep-expired.js';
import { APP_URL, forgot, lastToken, mailsTo, setPassword } from '../test/account-links.js';
import {
  IMPORT_HEADERS,
  IMPORT_MAPPING,
  importRow,
  startImport,
  uploaded,
  utf8BomCsv,
} from '../test/import-files.js';
import { startSmtp, type TestSmtp } from '../test/smtp.js';
import {
  addUser,
  bearer,
  createRequest,
  login,
  PASSWORD,
  solvedCaptcha,
  tokenFor,
  useSignedInRoles,
  useTestApp,
} from '../test/test-app.js';
import { auditSettled, recordAudit } from './record.js';
import { toAuditEntry } from './audit.service.js';
import type { AuditEntryDoc } from './audit.model.js';

// Issue 32: the audit log. Each recorded action writes one entry; only a system admin reads it;
// no endpoint changes it; its writes never hold up or fail the action.

const t = useTestApp({ trustProxy: true });
const { admin, vendor } = useSignedInRoles(t);
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url, retryDelaysMs: [60_000] };
  t.ctx.config.appUrl = APP_URL;
});
afterAll(async () => {
  await smtp.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The entries `run` wrote, oldest first, once every pending write is over. */
async function recorded(run: () => Promise<unknown>): Promise<AuditEntry[]> {
  await auditSettled(t.ctx);
  const before = new Date();
  await run();
  await auditSettled(t.ctx);
  const docs = await t.ctx.models.AuditEntry.find({ at: { $gte: before } })
    .sort({ at: 1, _id: 1 })
    .lean<AuditEntryDoc[]>();
  return docs.map(toAuditEntry);
}

/** `run` wrote exactly one entry, of `action`: that entry. */
async function oneEntry(action: AuditAction, run: () => Promise<unknown>): Promise<AuditEntry> {
  const entries = await recorded(run);
  expect(entries.map((entry) => entry.action)).toEqual([action]);
  return entries[0]!;
}

let counter = 0;
const uniqueEmail = (label: string) =>
  `${label}${++counter}.${Date.now().toString(36)}@example.com`;

describe('each recorded action writes one entry', () => {
  it('an API token made and revoked: its prefix and scope, for whom, never its secret', async () => {
    const { token, user } = await tokenFor(t, 'vendor');
    let secret = '';
    let id = '';
    const made = await oneEntry('apiToken.created', async () => {
      const res = await request(t.app)
        .post('/api/me/tokens')
        .set(bearer(token))
        .send({ name: 'n8n', scope: 'read', lifetimeDays: 30 })
        .expect(201);
      ({ token: secret, _id: id } = res.body as { token: string; _id: string });
    });
    expect(made.actor.userId).toBe(user._id);
    expect(made.target).toMatchObject({ kind: 'user', id: user._id });
    expect(made.details).toEqual({ token: secret.slice(0, 12), scope: 'read' });
    expect(JSON.stringify(made)).not.toContain(secret.slice(13));
    const revoked = await oneEntry('apiToken.revoked', async () => {
      await request(t.app).delete(`/api/me/tokens/${id}`).set(bearer(token)).expect(200);
    });
    expect(revoked.details).toEqual({ token: secret.slice(0, 12) });
  });

  it('a sign-in: who, from which address and browser', async () => {
    const user = await addUser(t.ctx, 'vendor');
    const entry = await oneEntry('auth.signIn', async () => {
      const res = await request(t.app)
        .post('/api/user/login')
        .set('X-Forwarded-For', '203.0.113.7')
        .set('User-Agent', FIREFOX)
        .send({ email: user.email, password: PASSWORD, altcha: await solvedCaptcha(t.app) });
      expect(res.status).toBe(200);
    });
    expect(entry.actor).toEqual({
      userId: user._id,
      name: `${user.name} ${user.lastName}`,
      email: user.email,
    });
    expect(entry.ip).toBe('203.0.113.7');
    expect(entry.browser).toBe('Firefox 133 · Windows 10');
  });

  it('a failed sign-in: the address tried, no user', async () => {
    const tried = uniqueEmail('nadie');
    const entry = await oneEntry('auth.signInFailed', async () => {
      const res = await request(t.app)
        .post('/api/user/login')
        .set('X-Forwarded-For', '198.51.100.9')
        .send({ email: tried, password: 'Mala.Clave1', altcha: await solvedCaptcha(t.app) });
      expect(res.status).toBe(401);
    });
    expect(entry.actor).toEqual({ userId: null, name: '', email: tried });
    expect(entry.ip).toBe('198.51.100.9');
    expect(JSON.stringify(entry)).not.toContain('Mala.Clave1');
  });

  it('a password change in Perfil, and none of the password in the entry', async () => {
    const { token, user } = await tokenFor(t, 'vendor');
    const entry = await oneEntry('account.passwordChanged', async () => {
      await request(t.app)
        .post('/api/me/password')
        .set(bearer(token))
        .send({ currentPassword: PASSWORD, password: 'Otra.Clave.456' })
        .expect(200);
    });
    expect(entry.actor.userId).toBe(user._id);
    expect(JSON.stringify(entry)).not.toContain('Otra.Clave.456');
  });

  it('a password reset through its link', async () => {
    const user = await addUser(t.ctx, 'vendor');
    expect((await forgot(t, user.email)).status).toBe(200);
    const token = await lastToken(t, smtp, user.email, 'reset');
    const entry = await oneEntry('account.passwordReset', async () => {
      await setPassword(t, token!, 'Nueva.Clave.789').expect(200);
    });
    expect(entry.actor.userId).toBe(user._id);
  });

  it('an email change, confirmed by its link: from and to', async () => {
    const { token, user } = await tokenFor(t, 'vendor');
    const newEmail = uniqueEmail('nuevo');
    await request(t.app)
      .post('/api/me/email')
      .set(bearer(token))
      .send({ newEmail, currentPassword: PASSWORD })
      .expect(200);
    const link = await lastToken(t, smtp, newEmail, 'email');
    const entry = await oneEntry('account.emailChanged', async () => {
      await request(t.app).post('/api/account/confirm-email').send({ token: link }).expect(200);
    });
    expect(entry.actor.userId).toBe(user._id);
    expect(entry.details).toEqual({ from: user.email, to: newEmail });
  });

  it('second-factor changes: enabled, a wrong code at sign-in, an admin’s reset, disabled', async () => {
    const user = await addUser(t.ctx, 'vendor');
    const signIn = async () => ((await login(t.app, user.email)).body as { token: string }).token;
    const enrol = async (token: string) => {
      const setup = await request(t.app)
        .post('/api/me/two-factor/setup')
        .set(bearer(token))
        .expect(200);
      const secret = Secret.fromBase32((setup.body as { secret: string }).secret);
      await request(t.app)
        .post('/api/me/two-factor/enable')
        .set(bearer(token))
        .send({ code: TOTP.generate({ secret }) })
        .expect(200);
    };
    const first = await signIn();
    const enabled = await oneEntry('twoFactor.enabled', () => enrol(first));
    expect(enabled.actor.userId).toBe(user._id);

    const { challenge } = twoFactorChallengeSchema.parse(
      (await login(t.app, user.email)).body,
    ).twoFactor;
    const failed = await oneEntry('auth.signInFailed', async () => {
      const res = await request(t.app)
        .post('/api/user/login/two-factor')
        .send({ challenge, code: '000000' });
      expect(res.status).toBeGreaterThanOrEqual(400);
    });
    expect(failed.actor.userId).toBe(user._id);
    expect(failed.details).toEqual({ reason: 'code' });

    const reset = await oneEntry('twoFactor.reset', () =>
      request(t.app)
        .delete(`/api/user/two-factor/${user._id}`)
        .set(bearer(admin.token))
        .expect(200),
    );
    expect(reset.actor.userId).toBe(admin.user._id);
    expect(reset.target).toMatchObject({ kind: 'user', id: user._id });

    const token = await signIn();
    await enrol(token);
    const disabled = await oneEntry('twoFactor.disabled', () =>
      request(t.app)
        .post('/api/me/two-factor/disable')
        .set(bearer(token))
        .send({ currentPassword: PASSWORD })
        .expect(200),
    );
    expect(disabled.actor.userId).toBe(user._id);
  });

  it('a user created, changed, given another role and deleted, each by the admin', async () => {
    const email = uniqueEmail('alta');
    let id = '';
    const created = await oneEntry('user.created', async () => {
      const res = await request(t.app)
        .post('/api/user/create')
        .set(bearer(admin.token))
        .send({ name: 'Ana', lastName: 'Alta', email, password: PASSWORD, role: 'vendor' });
      expect(res.status).toBe(201);
      id = (res.body as { _id: string })._id;
    });
    expect(created.actor.userId).toBe(admin.user._id);
    expect(created.target).toEqual({ kind: 'user', id, label: `Ana Alta <${email}>` });

    const body = { name: 'Ana María', lastName: 'Alta', email, role: 'vendor' };
    const changed = await oneEntry('user.updated', () =>
      request(t.app).put(`/api/user/update/${id}`).set(bearer(admin.token)).send(body).expect(200),
    );
    expect(changed.details).toEqual({ fields: ['name'] });

    const role = await oneEntry('user.roleChanged', () =>
      request(t.app)
        .put(`/api/user/update/${id}`)
        .set(bearer(admin.token))
        .send({ ...body, role: 'driver' })
        .expect(200),
    );
    expect(role.details).toEqual({ fields: ['role'], from: 'vendor', to: 'driver' });

    const deleted = await oneEntry('user.deleted', () =>
      request(t.app).delete(`/api/user/delete/${id}`).set(bearer(admin.token)).expect(200),
    );
    expect(deleted.target).toEqual({ kind: 'user', id, label: `Ana María Alta <${email}>` });
  });

  it('an invitation, and its acceptance by the invited person', async () => {
    const email = uniqueEmail('invitada');
    let id = '';
    const invited = await oneEntry('user.invited', async () => {
      const res = await request(t.app)
        .post('/api/user/invite')
        .set(bearer(admin.token))
        .send({ name: 'Inés', lastName: 'Vitada', email, role: 'vendor' });
      expect(res.status).toBe(201);
      id = (res.body as { userId: string }).userId;
    });
    expect(invited.actor.userId).toBe(admin.user._id);
    expect(invited.target?.id).toBe(id);
    const link = await lastToken(t, smtp, email, 'invite');
    const accepted = await oneEntry('account.invitationAccepted', () =>
      setPassword(t, link!, 'Nueva.Clave.789').expect(200),
    );
    expect(accepted.actor).toMatchObject({ userId: id, email });
  });

  it('an export: its filters and the rows it sent', async () => {
    const company = `Exporta${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) {
      await createRequest(t, vendor.token, {
        name: company,
        email: 'cliente@example.com',
        requestType: 'otro',
        message: 'Hola',
      });
    }
    const entry = await oneEntry('requests.exported', async () => {
      const res = await request(t.app)
        .get('/api/form-contact/export')
        .query({ q: company, format: 'csv' })
        .set(bearer(vendor.token))
        .expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    });
    expect(entry.actor.userId).toBe(vendor.user._id);
    expect(entry.details).toEqual({
      format: 'csv',
      filters: [`q=${company}`],
      rows: 3,
      complete: true,
    });
  });

  it('an import, when it is started: its file and rows', async () => {
    const file = await uploaded(
      t,
      admin.token,
      utf8BomCsv([IMPORT_HEADERS, importRow({ 0: 'Importada', 1: 'importada@example.com' })]),
      { name: 'clientes.csv' },
    );
    const entry = await oneEntry('requests.imported', () =>
      startImport(t, admin.token, file._id, { mapping: IMPORT_MAPPING, duplicates: 'skip' }).expect(
        200,
      ),
    );
    expect(entry.actor.userId).toBe(admin.user._id);
    expect(entry.target).toEqual({ kind: 'import', id: file._id, label: 'clientes.csv' });
    expect(entry.details).toEqual({ file: 'clientes.csv', rows: 1, duplicates: 'skip' });
  });

  it('a bulk action, and a deletion of one request', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await createRequest(t, vendor.token))._id);
    const bulk = await oneEntry('requests.bulk', () =>
      request(t.app)
        .post('/api/form-contact/bulk')
        .set(bearer(vendor.token))
        .send({
          action: 'priority',
          priority: 'high',
          items: ids.map((id) => ({ id, from: 'mid' })),
        })
        .expect(200),
    );
    expect(bulk.details).toEqual({ kind: 'priority', count: 2, changed: 2, failed: 0 });

    const one = await createRequest(t, vendor.token, {
      name: 'Borrada',
      email: 'borrada@example.com',
      requestType: 'otro',
      message: 'Hola',
    });
    const deleted = await oneEntry('request.deleted', () =>
      request(t.app)
        .delete(`/api/form-contact/delete/${one._id}`)
        .set(bearer(admin.token))
        .expect(200),
    );
    expect(deleted.target).toEqual({
      kind: 'request',
      id: one._id,
      label: `#${one.requestNumber} Borrada`,
    });
  });

  it('a change of Ajustes', async () => {
    const { body: settings } = await request(t.app)
      .get('/api/settings')
      .set(bearer(admin.token))
      .expect(200);
    const { currency: _currency, ...body } = settings as Record<string, unknown>;
    const entry = await oneEntry('settings.changed', () =>
      request(t.app).put('/api/settings').set(bearer(admin.token)).send(body).expect(200),
    );
    expect(entry.actor.userId).toBe(admin.user._id);
  });

  it('nothing for a read', async () => {
    const entries = await recorded(() =>
      request(t.app).get('/api/user/all').set(bearer(admin.token)).expect(200),
    );
    expect(entries).toEqual([]);
  });
});

describe('who reads the log', () => {
  it('a system admin; a vendor gets 403, nobody signed in 401', async () => {
    await request(t.app).get('/api/audit').set(bearer(admin.token)).expect(200);
    await request(t.app).get('/api/audit').set(bearer(vendor.token)).expect(403);
    await request(t.app).get('/api/audit/export').set(bearer(vendor.token)).expect(403);
    await request(t.app)
      .post('/api/audit/export/link')
      .set(bearer(vendor.token))
      .send({})
      .expect(403);
    await request(t.app).get('/api/audit').expect(401);
  });
});

describe('the log is append-only', () => {
  it('no endpoint but the CSV link writes under /api/audit, and the link stores nothing', async () => {
    const audit = endpoints.filter((endpoint) => endpoint.path.startsWith('/api/audit'));
    expect(audit.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort()).toEqual([
      'get /api/audit',
      'get /api/audit/export',
      'post /api/audit/export/link',
    ]);
    // Every other endpoint lives elsewhere: none names the log.
    expect(endpoints.filter((endpoint) => /audit/i.test(endpoint.path))).toEqual(audit);
    const entries = await recorded(() =>
      request(t.app).post('/api/audit/export/link').set(bearer(admin.token)).send({}).expect(200),
    );
    expect(entries).toEqual([]);
  });

  it('no code outside audit/ touches the log’s model: the services only call ctx.audit.record', async () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = (await readdir(src, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('audit/'),
    );
    const touching = [];
    for (const file of files) {
      if ((await readFile(path.join(src, file), 'utf8')).includes('AuditEntry'))
        touching.push(file);
    }
    expect(touching).toEqual([]);
  });

  it('changing or deleting entries by HTTP is refused', async () => {
    const entry = await oneEntry('settings.changed', () => {
      recordAudit(t.ctx, { action: 'settings.changed' });
      return Promise.resolve();
    });
    for (const method of ['put', 'patch', 'delete'] as const) {
      const res = await request(t.app)[method]('/api/audit').set(bearer(admin.token)).send({});
      expect(res.status).toBe(405);
      expect(res.headers.allow).not.toMatch(/PUT|PATCH|DELETE|POST/);
    }
    for (const method of ['put', 'patch', 'delete', 'post'] as const) {
      const res = await request(t.app)
        [method](`/api/audit/${entry._id}`)
        .set(bearer(admin.token))
        .send({});
      expect([404, 405]).toContain(res.status);
    }
    expect(await t.ctx.models.AuditEntry.countDocuments({ _id: entry._id })).toBe(1);
  });

  it('the model itself refuses updates and deletes, except the expiry sweep', async () => {
    const { AuditEntry } = t.ctx.models;
    await expect(AuditEntry.updateOne({}, { $set: { action: 'auth.signIn' } })).rejects.toThrow(
      'append-only',
    );
    await expect(AuditEntry.deleteOne({})).rejects.toThrow('append-only');
    await expect(AuditEntry.deleteMany({})).rejects.toThrow('append-only');
    await expect(AuditEntry.findOneAndDelete({})).rejects.toThrow('append-only');
  });
});

describe('retention', () => {
  it('each entry expires AUDIT_RETENTION_DAYS after it, and the sweep removes it then', async () => {
    const days = t.ctx.config.auditRetentionDays;
    expect(days).toBe(365);
    const fresh = await oneEntry('settings.changed', () => {
      recordAudit(t.ctx, { action: 'settings.changed' });
      return Promise.resolve();
    });
    const stored = await t.ctx.models.AuditEntry.findById(fresh._id).lean<AuditEntryDoc>();
    expect(stored!.expiresAt.getTime() - stored!.at.getTime()).toBe(days * 86_400_000);

    const old = await t.ctx.models.AuditEntry.create({
      at: new Date(Date.now() - (days + 1) * 86_400_000),
      action: 'auth.signIn',
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    await sweepExpired(t.ctx.connection);
    expect(await t.ctx.models.AuditEntry.exists({ _id: old._id })).toBeNull();
    expect(await t.ctx.models.AuditEntry.exists({ _id: fresh._id })).not.toBeNull();
  });
});

describe('GET /api/audit: pages, filters, CSV', () => {
  const actorId = new Types.ObjectId().toHexString();
  const otherId = new Types.ObjectId().toHexString();
  // A day of its own, far in the past: no other test's entries fall in it.
  const day = (hour: number) => new Date(Date.UTC(2020, 2, 10, 12 + hour, 0, 0));

  beforeAll(async () => {
    t.ctx.config.timeZone = 'UTC';
    const base = { expiresAt: new Date(Date.now() + 86_400_000), ip: '192.0.2.1', browser: '' };
    await t.ctx.models.AuditEntry.insertMany([
      {
        ...base,
        at: day(0),
        action: 'auth.signIn',
        actorId,
        actorName: '=1+1',
        actorEmail: 'a@x.com',
      },
      {
        ...base,
        at: day(1),
        action: 'requests.exported',
        actorId,
        actorName: 'Ana',
        details: { rows: 7 },
      },
      { ...base, at: day(2), action: 'auth.signIn', actorId: otherId, actorName: 'Otro' },
      { ...base, at: day(3), action: 'request.deleted', actorId, actorName: 'Ana', deleted: 1 },
      { ...base, at: day(3), action: 'auth.signIn', actorId, actorName: 'Ana' },
    ]);
  });

  const page = async (query: Record<string, string | number>) => {
    const res = await request(t.app).get('/api/audit').query(query).set(bearer(admin.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return auditPageSchema.parse(res.body);
  };

  it('newest first, page by page with the cursor, to the end', async () => {
    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const next = await page({
        from: '2020-03-10',
        to: '2020-03-10',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(next.entries.length).toBeLessThanOrEqual(2);
      seen.push(...next.entries);
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen.map((entry) => entry.at)).toEqual([
      day(3).toISOString(),
      day(3).toISOString(),
      day(2).toISOString(),
      day(1).toISOString(),
      day(0).toISOString(),
    ]);
    expect(new Set(seen.map((entry) => entry._id)).size).toBe(5);
  });

  it('by who, by what, by when', async () => {
    const byWho = await page({ user: otherId });
    expect(byWho.entries.map((entry) => entry.actor.name)).toEqual(['Otro']);
    const byWhat = await page({ user: actorId, action: 'auth.signIn' });
    expect(byWhat.entries.map((entry) => entry.at)).toEqual([
      day(3).toISOString(),
      day(0).toISOString(),
    ]);
    const none = await page({ from: '2020-03-11', to: '2020-03-11' });
    expect(none.entries).toEqual([]);
  });

  it('a bad filter is a 400 naming the field', async () => {
    const res = await request(t.app)
      .get('/api/audit')
      .query({ action: 'borrar-todo', from: '10/03/2020' })
      .set(bearer(admin.token))
      .expect(400);
    const fields = (res.body as { errors: { path: string }[] }).errors.map((error) => error.path);
    expect(fields.sort()).toEqual(['action', 'from']);
  });

  it('the CSV through its ticket: the same filters, Spanish headers, formulas neutralised', async () => {
    const link = await request(t.app)
      .post('/api/audit/export/link')
      .set(bearer(admin.token))
      .send({ user: actorId, from: '2020-03-10', to: '2020-03-10' })
      .expect(200);
    const { url } = exportLinkSchema.parse(link.body);
    expect(url.startsWith(`${auditApi.export.path}?`)).toBe(true);
    const res = await request(t.app).get(url).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="auditoria-/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(Object.values(AUDIT_COLUMNS).join(';'));
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain(";'=1+1;");
    expect(lines[3]).toContain('filas: 7');
    // The ticket is for exactly that query: another user's filter with it is refused.
    const altered = url.replace(actorId, otherId);
    await request(t.app).get(altered).expect(401);
  });
});

describe('alerts to system admins', () => {
  const alertsTo = async (email: string, subject: string) =>
    (await mailsTo(t, smtp, email)).filter((mail) => mail.subject === subject);

  it('an export of more than 1,000 rows mails each admin once', async () => {
    const company = `Grande${Date.now().toString(36)}`;
    await t.ctx.models.Request.insertMany(
      Array.from({ length: 1001 }, (_, i) => ({
        name: 'Cliente',
        email: 'cliente@example.com',
        requestType: 'otro',
        company,
        requestNumber: 900_000 + i,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    const before = (await alertsTo(admin.user.email, AUDIT_ALERT_MAIL.alertExportSubject)).length;
    const entry = await oneEntry('requests.exported', () =>
      request(t.app)
        .get('/api/form-contact/export')
        .query({ q: company })
        .set(bearer(vendor.token))
        .expect(200),
    );
    expect(entry.details.rows).toBe(1001);
    const mails = await alertsTo(admin.user.email, AUDIT_ALERT_MAIL.alertExportSubject);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain('exportó 1.001 solicitudes');
    expect(mails.at(-1)!.text).toContain(`${APP_URL}/main/settings/audit`);
    // The vendor is no admin: no alert for them.
    expect(await alertsTo(vendor.user.email, AUDIT_ALERT_MAIL.alertExportSubject)).toEqual([]);
  });

  it('more than 50 deletions within an hour mails once, at the crossing', async () => {
    const deleter = await tokenFor(t, 'system admin');
    // Earlier this hour the deleter removed 48 in one bulk deletion: recorded as the bulk
    // endpoint records it. Deleting 48 more for real made the test wait, on FerretDB, behind
    // whatever the other test files wrote meanwhile; what it checks is the crossing.
    await recorded(() =>
      Promise.resolve(
        t.ctx.audit.record({
          action: 'requests.bulk',
          actor: { userId: deleter.user._id },
          details: { kind: 'delete', count: 48, changed: 48, failed: 0 },
          deleted: 48,
        }),
      ),
    );
    const stored = await t.ctx.models.Request.insertMany(
      Array.from({ length: 5 }, (_, i) => ({
        name: 'Cliente',
        email: 'cliente@example.com',
        requestType: 'otro',
        requestNumber: 800_000 + i,
      })),
    );
    const ids = stored.map((doc) => doc._id.toHexString());
    const subject = AUDIT_ALERT_MAIL.alertDeletionSubject;
    const bulkDelete = (list: string[]) =>
      request(t.app)
        .post('/api/form-contact/bulk')
        .set(bearer(deleter.token))
        .send({ action: 'delete', items: list.map((id) => ({ id })) })
        .expect(200);

    await recorded(() => bulkDelete(ids.slice(0, 2)));
    expect(await alertsTo(admin.user.email, subject)).toEqual([]);
    // 51: the crossing.
    await recorded(() =>
      request(t.app).delete(`/api/form-contact/delete/${ids[2]}`).set(bearer(deleter.token)),
    );
    const mails = await alertsTo(admin.user.email, subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('eliminó 51 solicitudes en la última hora');
    // Above the line already: the next ones say nothing.
    await recorded(() => bulkDelete(ids.slice(3)));
    expect(await alertsTo(admin.user.email, subject)).toHaveLength(1);
    // Every admin got it, the deleter too.
    expect(await alertsTo(deleter.user.email, subject)).toHaveLength(1);
  });
});

describe('a failing audit write', () => {
  it('does not fail the action; the entry is written on a later try', async () => {
    const user = await addUser(t.ctx, 'vendor');
    await auditSettled(t.ctx);
    const create = vi.spyOn(t.ctx.models.AuditEntry, 'create');
    create.mockRejectedValueOnce(new Error('database unavailable'));
    const entry = await oneEntry('auth.signIn', async () => {
      expect((await login(t.app, user.email)).status).toBe(200);
    });
    expect(entry.actor.userId).toBe(user._id);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('nor when every try fails: the action answers at once, the loss is logged', async () => {
    const user = await addUser(t.ctx, 'vendor');
    await auditSettled(t.ctx);
    const create = vi.spyOn(t.ctx.models.AuditEntry, 'create');
    create.mockRejectedValue(new Error('database unavailable'));
    const error = vi.spyOn(t.ctx.logger, 'error');
    const started = Date.now();
    const res = await login(t.app, user.email);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    await auditSettled(t.ctx);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ auditAction: 'auth.signIn' }),
      'audit entry not written',
    );
    expect(create).toHaveBeenCalledTimes(4);
  });
});
