import { Writable } from 'node:stream';
import jwt from 'jsonwebtoken';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, CSV_EXPORT, EXPORT_MESSAGES, EXPORT_TICKET_TTL_SECONDS } from '@crm/shared';
import { bearer, login, startTestApp, useSignedInRoles, useTestApp } from '../../test/test-app.js';

/*
 * Issue 24's download tickets: "Exportar" asks POST /api/form-contact/export/link for the
 * export's address with a ticket, and the browser follows it with no Authorization header, so
 * its own download starts at once. The ticket works a minute, for that caller's session and
 * that exact query, on that one endpoint.
 */

const EXPORT = '/api/form-contact/export';
const LINK = '/api/form-contact/export/link';

/** Every line the app logs, as text: a ticket must never be in one. */
const logLines: string[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
);

const t = useTestApp({ logger });
const { vendor, admin } = useSignedInRoles(t);

let counter = 0;
/** A company no other test uses, searched for with `q`; with an accent and a space. */
const uniqueCompany = () => `Compañía ${++counter}x${Date.now().toString(36)}`;

async function insert(company: string, names: string[]): Promise<void> {
  await t.ctx.models.Request.insertMany(
    names.map((name) => ({ name, email: 'cliente@example.com', requestType: 'otro', company })),
  );
}

async function linkFor(token: string, query: Record<string, string>): Promise<string> {
  const res = await request(t.app).post(LINK).set(bearer(token)).send(query);
  expect(res.status).toBe(200);
  return (res.body as { url: string }).url;
}

/** The CSV's text after its byte-order mark. */
const csvText = (res: request.Response) => (res.text ?? '').slice(CSV_EXPORT.bom.length);

/** The ticket's claims re-signed by us with `change` applied: as valid a signature as ours. */
function resigned(url: string, change: (claims: jwt.JwtPayload) => jwt.JwtPayload): string {
  const address = new URL(url, 'http://api');
  const claims = jwt.decode(address.searchParams.get('ticket') ?? '') as jwt.JwtPayload;
  address.searchParams.set('ticket', jwt.sign(change(claims), t.ctx.config.jwtSecret));
  return `${address.pathname}${address.search}`;
}

describe('POST /api/form-contact/export/link, then GET with the ticket alone', () => {
  it('answers the same file as with the token, without an Authorization header', async () => {
    const company = uniqueCompany();
    await insert(company, ['Ana', 'Berta']);
    const query = { q: company, format: 'csv' };

    const url = await linkFor(vendor.token, query);
    expect(url.startsWith(`${EXPORT}?`)).toBe(true);
    const address = new URL(url, 'http://api');
    expect(Object.fromEntries(address.searchParams)).toMatchObject(query);

    const byTicket = await request(t.app).get(url);
    expect(byTicket.status).toBe(200);
    expect(byTicket.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(byTicket.headers['referrer-policy']).toBe('no-referrer');
    const byToken = await request(t.app).get(EXPORT).query(query).set(bearer(vendor.token));
    expect(byToken.status).toBe(200);
    expect(csvText(byTicket)).toBe(csvText(byToken));
    expect(csvText(byTicket)).toContain('Ana');
    expect(csvText(byTicket)).toContain('Berta');
  });

  it('answers 401 "Authentication required" to a signed-out caller asking for a link', async () => {
    const res = await request(t.app).post(LINK).send({ format: 'csv' });
    expect(res.status).toBe(401);
  });

  it('answers 400 naming a filter it does not know, as the export does', async () => {
    const res = await request(t.app).post(LINK).set(bearer(vendor.token)).send({ format: 'pdf' });
    expect(res.status).toBe(400);
    expect((res.body as { errors: { path: string }[] }).errors[0]?.path).toBe('format');
  });
});

describe('GET /api/form-contact/export: a ticket that no longer or never worked is 401', () => {
  const refused = (res: request.Response) => {
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: EXPORT_MESSAGES.ticketInvalid });
  };

  it('an expired one', async () => {
    const url = await linkFor(vendor.token, { q: uniqueCompany(), format: 'csv' });
    const past = Math.floor(Date.now() / 1000) - 1;
    refused(
      await request(t.app).get(
        resigned(url, (claims) => ({
          ...claims,
          iat: past - EXPORT_TICKET_TTL_SECONDS,
          exp: past,
        })),
      ),
    );
  });

  it('an altered one: its claims changed under the same signature, or its signature', async () => {
    const url = await linkFor(vendor.token, { q: uniqueCompany(), format: 'csv' });
    const address = new URL(url, 'http://api');
    const [header, payload, signature] = (address.searchParams.get('ticket') ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const forged = { ...claims, sub: admin.user._id };
    const tampered = [
      [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature],
      // The first character: the last one's low bits are padding, which decoding ignores.
      [header, payload, `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`],
    ];
    for (const parts of tampered) {
      address.searchParams.set('ticket', parts.join('.'));
      refused(await request(t.app).get(`${address.pathname}${address.search}`));
    }
  });

  it('one signed with another secret', async () => {
    const url = await linkFor(vendor.token, { q: uniqueCompany(), format: 'csv' });
    const address = new URL(url, 'http://api');
    const claims = jwt.decode(address.searchParams.get('ticket') ?? '') as jwt.JwtPayload;
    address.searchParams.set('ticket', jwt.sign(claims, 'another secret entirely'));
    refused(await request(t.app).get(`${address.pathname}${address.search}`));
  });

  it('one made for another query: another search, another format, a filter added', async () => {
    const url = await linkFor(vendor.token, { q: uniqueCompany(), format: 'csv' });
    for (const change of [
      (p: URLSearchParams) => p.set('q', 'otra empresa'),
      (p: URLSearchParams) => p.set('format', 'xlsx'),
      (p: URLSearchParams) => p.set('priority', 'alta'),
    ]) {
      const address = new URL(url, 'http://api');
      change(address.searchParams);
      refused(await request(t.app).get(`${address.pathname}${address.search}`));
    }
  });

  it('one for another audience, or a session token passed as a ticket', async () => {
    const url = await linkFor(vendor.token, { format: 'csv' });
    refused(await request(t.app).get(resigned(url, (claims) => ({ ...claims, aud: 'other' }))));
    refused(await request(t.app).get(EXPORT).query({ format: 'csv', ticket: vendor.token }));
  });

  it('one whose session was logged out since', async () => {
    const { body } = await login(t.app, vendor.user.email);
    const token = (body as { token: string }).token;
    const url = await linkFor(token, { format: 'csv' });
    await request(t.app).post('/api/user/logout').set(bearer(token)).expect(200);
    refused(await request(t.app).get(url));
  });

  it('one whose session lapsed, though its record is not swept yet', async () => {
    const { body } = await login(t.app, vendor.user.email);
    const token = (body as { token: string }).token;
    const url = await linkFor(token, { format: 'csv' });
    const { jti } = jwt.decode(token) as { jti: string };
    await t.ctx.models.Session.updateOne({ _id: jti }, { $set: { expiresAt: new Date() } });
    refused(await request(t.app).get(url));
  });

  it('one used before: the second use is refused as an expired one (issue 32)', async () => {
    const company = uniqueCompany();
    await insert(company, ['Ana']);
    const url = await linkFor(vendor.token, { q: company, format: 'csv' });
    expect((await request(t.app).get(url)).status).toBe(200);
    refused(await request(t.app).get(url));
    // A new link works: it is the address that is spent, not the export.
    expect(
      (await request(t.app).get(await linkFor(vendor.token, { q: company, format: 'csv' }))).status,
    ).toBe(200);
  });

  it('one used twice at once through two API processes: exactly one gets the file', async () => {
    const second = await startTestApp({ dbName: t.dbName });
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const url = await linkFor(vendor.token, { q: uniqueCompany(), format: 'csv' });
        const answers = await Promise.all([
          request(t.app).get(url),
          request(second.app).get(url),
          request(t.app).get(url),
          request(second.app).get(url),
        ]);
        const statuses = answers.map((res) => res.status).sort();
        expect(statuses).toEqual([200, 401, 401, 401]);
      }
    } finally {
      await second.close();
    }
  });

  it('one sent twice in the address', async () => {
    const url = await linkFor(vendor.token, { format: 'csv' });
    const ticket = new URL(url, 'http://api').searchParams.get('ticket') ?? '';
    refused(await request(t.app).get(`${url}&ticket=${ticket}`));
  });
});

describe('a ticket is no credential anywhere else', () => {
  it('is 401 on the board, in the query or as a bearer token', async () => {
    const url = await linkFor(admin.token, { format: 'csv' });
    const ticket = new URL(url, 'http://api').searchParams.get('ticket') ?? '';
    const inQuery = await request(t.app).get('/api/form-contact/board').query({ ticket });
    expect(inQuery.status).toBe(401);
    expect(inQuery.body).toMatchObject({ message: API_MESSAGES.authRequired });
    const asBearer = await request(t.app).get('/api/form-contact/board').set(bearer(ticket));
    expect(asBearer.status).toBe(401);
    expect(asBearer.body).toMatchObject({ message: API_MESSAGES.sessionExpired });
    // Nor on the export itself as a bearer token.
    const exportAsBearer = await request(t.app).get(EXPORT).set(bearer(ticket));
    expect(exportAsBearer.status).toBe(401);
  });

  it('makes no new link: a ticket cannot keep itself alive', async () => {
    const url = await linkFor(vendor.token, { format: 'csv' });
    const ticket = new URL(url, 'http://api').searchParams.get('ticket') ?? '';
    const asBearer = await request(t.app).post(LINK).set(bearer(ticket)).send({ format: 'csv' });
    expect(asBearer.status).toBe(401);
    const inQuery = await request(t.app).post(LINK).query({ ticket }).send({ format: 'csv' });
    expect(inQuery.status).toBe(401);
  });
});

describe('the logs', () => {
  it('name the download’s path, never its query or ticket', async () => {
    const url = await linkFor(vendor.token, { q: uniqueCompany(), format: 'csv' });
    const ticket = new URL(url, 'http://api').searchParams.get('ticket') ?? '';
    const before = logLines.length;
    expect((await request(t.app).get(url)).status).toBe(200);
    const forged = url.replace('format=csv', 'format=xlsx');
    expect((await request(t.app).get(forged)).status).toBe(401);
    const written = logLines.slice(before).join('');
    expect(written).toContain(`GET ${EXPORT} 200`);
    expect(written).toContain(`GET ${EXPORT} 401`);
    expect(written).not.toContain(ticket.split('.')[2]);
    expect(written).not.toContain('ticket');
  });
});
