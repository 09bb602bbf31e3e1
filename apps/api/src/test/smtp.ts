import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { registerIssued } from './log-scan.js';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server in this process, keeping every mail it accepts, for the tests of the
 * app's mails (website leads, reminders). `state.refuseNext` makes it refuse the next N with a
 * temporary error (451), as a busy server would; `state.delayMs` makes it answer each mail that
 * much later, as a slow one; `state.mostOpen` is the most connections it had open at once.
 * `port`: a given one, e.g. a closed server's again, as a mail server back after an outage.
 */
export async function startSmtp(port = 0) {
  const mails: ReceivedMail[] = [];
  const state = { refuseNext: 0, delayMs: 0, open: 0, mostOpen: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      state.open += 1;
      state.mostOpen = Math.max(state.mostOpen, state.open);
      callback();
    },
    onClose() {
      state.open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        if (state.refuseNext > 0) {
          state.refuseNext -= 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        // Its links are secrets the logs must not hold (log-scan.ts); the body, not the headers.
        registerIssued(textOf(raw.slice(raw.search(/\r?\n\r?\n/))));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** A raw mail with its quoted-printable text undone (bytes, then UTF-8). */
export function textOf(raw: string): string {
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
