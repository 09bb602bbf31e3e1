import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractCases,
  recordingClient,
  unexercised,
  type ContractClient,
} from '@crm/contract-tests';
import { api, pathOf, type Role } from '@crm/shared';
import { afterAnswerSettled } from '../http/after-answer.js';
import { startSmtp, textOf, type TestSmtp } from '../test/smtp.js';
import { addUser, solvedCaptcha, useTestApp } from '../test/test-app.js';

// The contract suite (packages/contract-tests) against the real API and a real database; the web
// tests run the very same cases against their fake (apps/web/src/test/fake-api.contract.test.ts).

const t = useTestApp();

// The one-time links (issue 23) come by mail: a real SMTP server in this process.
const APP_URL = 'https://crm.example.com';
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url };
  t.ctx.config.appUrl = APP_URL;
});
afterAll(async () => {
  await smtp.close();
});

const PASSWORD = 'Contrato.123';

const realApi: ContractClient = {
  async signIn(role: Role) {
    const user = await addUser(t.ctx, role, { password: PASSWORD });
    const res = await request(t.app)
      .post(pathOf(api.auth.login))
      .send({ email: user.email, password: PASSWORD, altcha: await solvedCaptcha(t.app) });
    return { token: (res.body as { token: string }).token, user, password: PASSWORD };
  },
  captcha: () => solvedCaptcha(t.app),
  refuseMail(count) {
    smtp.state.refuseNext = count;
    // Given up at once, as after the retry policy's last delay.
    t.ctx.config.mail = { ...t.ctx.config.mail, retryDelaysMs: [] };
    return Promise.resolve();
  },
  async lastLink(email) {
    // A forgotten password's mail goes after the answer: wait for that work first.
    await afterAnswerSettled(t.ctx);
    const links = smtp.mails
      .filter((mail) => mail.to.includes(email))
      .flatMap((mail) => textOf(mail.raw).match(/https:\/\/crm\.example\.com\/\S+/g) ?? []);
    return links.at(-1);
  },
  async call(endpoint, { params, query, body, rawBody } = {}, token) {
    let call = request(t.app)[endpoint.method](pathOf(endpoint, params));
    if (token) call = call.set('Authorization', `Bearer ${token}`);
    if (query) call = call.query(query);
    if (rawBody) {
      call = call.set('Content-Type', rawBody.contentType).send(Buffer.from(rawBody.bytes));
    }
    // Every answer as its bytes: a file (CSV, WebP) is read as its text or bytes, JSON parsed.
    call = call.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    const res = body === undefined ? await call : await call.send(body as object);
    // Issue 36: a change's events reach the log just after its answer; the next call sees them.
    await afterAnswerSettled(t.ctx);
    const bytes = res.body as Buffer;
    const answer: unknown = !bytes.length
      ? {}
      : res.type.includes('json')
        ? JSON.parse(bytes.toString('utf8'))
        : res.type.startsWith('text/')
          ? bytes.toString('utf8')
          : new Uint8Array(bytes);
    return { status: res.status, body: answer };
  },
};
const { client, succeeded } = recordingClient(realApi);

describe('the API meets the contract', () => {
  it.each(contractCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await contractCase.run(client, expect);
  });

  it('when every case has run, then every endpoint the suite covers, reads included, has answered its success', () => {
    expect(unexercised(succeeded)).toEqual([]);
  });
});
