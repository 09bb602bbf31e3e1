import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { expect } from '@playwright/test';
import { ARTIFACTS_DIR } from './stack.js';

/*
 * The stacks' mail (issue 23): each API sends through a real SMTP server started by
 * global-setup.ts in the runner process. It appends every mail it accepts to a file per stack,
 * which the scenarios, in their own worker processes, read: the reset link a person would click.
 */

type StoredMail = { to: string[]; text: string; messageId?: string };

const mailFileOf = (port: number) => path.join(ARTIFACTS_DIR, `mail-${port}.jsonl`);

/** A raw mail's body with its quoted-printable undone (bytes, then UTF-8). */
function textOf(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const hex = body.slice(i + 1, i + 3);
    if (body[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(body.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Starts the SMTP server of the stack on `stackPort`; resolves its URL and its stop. */
export async function startMailCapture(stackPort: number) {
  const file = mailFileOf(stackPort);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          text: textOf(raw),
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(headers)?.[1],
        };
        appendFileSync(file, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function mailsTo(stackPort: number, email: string): StoredMail[] {
  const file = mailFileOf(stackPort);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StoredMail)
    .filter((mail) => mail.to.includes(email.toLowerCase()));
}

/**
 * Waits for the newest mail to `email` whose text contains `mark` and answers `read(mail)` once it
 * gives something (the mails are read again until it does, or 20 s have passed).
 */
async function waitForMail<T>(
  stackUrl: string,
  email: string,
  mark: string | RegExp,
  read: (mail: StoredMail) => T | undefined,
): Promise<T> {
  const stackPort = Number(new URL(stackUrl).port);
  let found: T | undefined;
  await expect
    .poll(
      () => {
        const mail = mailsTo(stackPort, email)
          .reverse()
          .find((m) => (typeof mark === 'string' ? m.text.includes(mark) : mark.test(m.text)));
        found = mail ? read(mail) : undefined;
        return found;
      },
      { message: `a mail to ${email} saying ${String(mark)}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return found as T;
}

/**
 * Waits for a mail to `email` whose text contains `mark` (newest first) and returns the first
 * link in it to the product (`http://…`), as a person would click it.
 */
export const linkMailedTo = (stackUrl: string, email: string, mark: string | RegExp) =>
  waitForMail(stackUrl, email, mark, (mail) => /https?:\/\/[^\s"<>]+/.exec(mail.text)?.[0]);

/** Waits for a mail to `email` whose text contains `mark`; its Message-ID (issue 35). */
export const messageIdMailedTo = (stackUrl: string, email: string, mark: string) =>
  waitForMail(stackUrl, email, mark, (mail) => mail.messageId);

/** Whether any mail to `email` contains `mark` (the password-changed notice, say). */
export function mailedTo(stackUrl: string, email: string, mark: string): boolean {
  const stackPort = Number(new URL(stackUrl).port);
  return mailsTo(stackPort, email).some((mail) => mail.text.includes(mark));
}
