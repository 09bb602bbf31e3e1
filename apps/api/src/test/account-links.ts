import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { ACCOUNT_LINK_PATHS, ACCOUNT_MESSAGES, type TokenPurpose } from '@crm/shared';
import { startSmtp, textOf, type TestSmtp } from './smtp.js';
import { solvedCaptcha, type TestApp } from './test-app.js';
import { afterAnswerSettled } from '../http/after-answer.js';

// The account feature's mails and links (issue 23), read from the test SMTP server.

export const APP_URL = 'https://crm.example.com';

/** A password the link tests set (one of §5's). */
export const NEW_PASSWORD = 'Nueva.Clave.789';

/** The one answer to every link that doesn't work (used, expired, altered, ended). */
export const TOKEN_INVALID = {
  message: ACCOUNT_MESSAGES.tokenInvalid,
  errors: [{ path: 'token', message: ACCOUNT_MESSAGES.tokenInvalid }],
};

/**
 * A real SMTP server for the file's tests (or the `describe`'s), `t` sending through it (one try,
 * the next a minute later) with its links on APP_URL. Like `t`, the answer reads the running
 * server at each use: keep it in a `const` and use it inside hooks and tests.
 */
export function useAccountMail(t: TestApp): TestSmtp {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
    t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url, retryDelaysMs: [60_000] };
    t.ctx.config.appUrl = APP_URL;
  });
  afterAll(async () => {
    await smtp?.close();
    smtp = undefined;
  });
  const started = (): TestSmtp => {
    if (!smtp) throw new Error('The test SMTP server runs only inside hooks and tests');
    return smtp;
  };
  return {
    get url() {
      return started().url;
    },
    get mails() {
      return started().mails;
    },
    get state() {
      return started().state;
    },
    close: () => started().close(),
  };
}

let lastAddress = 0;
/** A client address no other test used: each test meets the per-client limit afresh. */
export const freshAddress = () => {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

/** A raw mail's subject, its RFC 2047 words (`=?UTF-8?Q?…?=`, folded) decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_word, text: string) => textOf(text.replace(/_/g, ' ')))
    .trim();
}

export type ReadMail = { subject: string; text: string };

/** The mails received for `email`, once every after-answer piece of work is done. */
export async function mailsTo(t: TestApp, smtp: TestSmtp, email: string): Promise<ReadMail[]> {
  await afterAnswerSettled(t.ctx);
  return smtp.mails
    .filter((mail) => mail.to.includes(email))
    .map((mail) => ({ subject: subjectOf(mail.raw), text: textOf(mail.raw) }));
}

const tokenPattern = (purpose: TokenPurpose) =>
  new RegExp(`${APP_URL}${ACCOUNT_LINK_PATHS[purpose]}\\?token=([A-Za-z0-9_-]{43})`, 'g');

/** The token of the newest `purpose` link mailed to `email`, or undefined. */
export async function lastToken(
  t: TestApp,
  smtp: TestSmtp,
  email: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const tokens = (await mailsTo(t, smtp, email)).flatMap(({ text }) =>
    [...text.matchAll(tokenPattern(purpose))].map((match) => match[1] ?? ''),
  );
  return tokens.at(-1);
}

/** POST /api/account/forgot-password from `address` (a fresh one unless given). */
export async function forgot(
  t: TestApp,
  email: string,
  address = freshAddress(),
): Promise<request.Response> {
  return request(t.app)
    .post('/api/account/forgot-password')
    .set('X-Forwarded-For', address)
    .send({ email, altcha: await solvedCaptcha(t.app) });
}

export const setPassword = (t: TestApp, token: string, password: string): request.Test =>
  request(t.app).post('/api/account/set-password').send({ token, password });

export const tokenStatus = (t: TestApp, token: string): request.Test =>
  request(t.app).post('/api/account/token').send({ token });
