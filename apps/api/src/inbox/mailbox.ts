import { ImapFlow } from 'imapflow';
import type { MailboxAddress } from './imap-url.js';

/**
 * How far the product has read the mailbox: the last message handed over, by its UID under the
 * folder's UIDVALIDITY (kept as a string: a 32-bit IMAP number that imapflow gives as a bigint).
 */
export interface MailboxCheckpoint {
  uidValidity: string;
  lastUid: number;
}

/** One message of the mailbox, as the server stores it. */
export interface MailboxMessage {
  uid: number;
  /** Its size in bytes, as the server counts it. */
  size: number;
  /** The whole message (RFC 5322), absent when it is larger than `maxBytes`: never downloaded. */
  source?: Buffer;
  /** Where the next read starts once this message is kept. */
  checkpoint: MailboxCheckpoint;
}

export interface ReadMailOptions {
  /** A larger message is handed over without its source (it is skipped, not fetched whole). */
  maxBytes: number;
  /** At most this many messages in one read: a backlog is read over several runs. */
  batchSize: number;
}

/**
 * Connect 10 s, greeting 10 s, 60 s of silence (a large message arrives in pieces): a server that
 * hangs ends the read with an error, and the next run goes on from the checkpoint.
 */
export const IMAP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 60_000,
};

/**
 * Hands the messages that arrived after `from` to `take`, oldest first, one at a time, and
 * returns the checkpoint after the last one taken. `take` keeps the message, then its
 * checkpoint, before it returns: a read cut short (a dropped connection, a crash) goes on from
 * the last checkpoint kept, and the message store ignores what it already has.
 *
 * The folder is opened read-only (EXAMINE) and bodies are fetched with BODY.PEEK: the people
 * who also read the shared mailbox still see new mail as unread.
 */
export async function readNewMail(
  address: MailboxAddress,
  from: MailboxCheckpoint | undefined,
  take: (message: MailboxMessage) => Promise<void> | void,
  options: ReadMailOptions,
): Promise<MailboxCheckpoint> {
  const client = new ImapFlow({
    ...address.connection,
    ...IMAP_TIMEOUTS,
    logger: false,
    disableAutoIdle: true,
  });
  // A dropped connection is reported by the command under way; this keeps it from also being
  // an unhandled 'error' event that would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const lock = await client.getMailboxLock(address.folder, { readOnly: true });
    try {
      const opened = client.mailbox;
      if (!opened) throw new Error(`the folder ${address.label} could not be opened`);
      const uidValidity = String(opened.uidValidity);
      // Another UIDVALIDITY means the server numbered the folder anew: every message is read
      // again, and the store keeps each once.
      let lastUid = from?.uidValidity === uidValidity ? from.lastUid : 0;
      if (opened.exists === 0 || opened.uidNext <= lastUid + 1) return { uidValidity, lastUid };
      // `N:*` also answers the newest message when its UID is below N (RFC 3501), hence the filter.
      const listed = await client.fetchAll(
        `${lastUid + 1}:*`,
        { uid: true, size: true },
        { uid: true },
      );
      const waiting = listed
        .filter((message) => message.uid > lastUid)
        .sort((a, b) => a.uid - b.uid)
        .slice(0, options.batchSize);
      for (const { uid, size = 0 } of waiting) {
        let source: Buffer | undefined;
        if (size <= options.maxBytes) {
          const fetched = await client.fetchOne(String(uid), { source: true }, { uid: true });
          source = fetched ? fetched.source : undefined;
        }
        await take({ uid, size, source, checkpoint: { uidValidity, lastUid: uid } });
        lastUid = uid;
      }
      return { uidValidity, lastUid };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** How often a wait in IDLE looks whether it should stop (the job's lock, a shutdown). */
const IDLE_STOP_CHECK_MS = 1_000;

/** What a wait for new mail ended with. */
export type MailWait = 'new-mail' | 'quiet' | 'no-idle';

/**
 * Waits in IMAP IDLE (RFC 2177) until the folder holds a message after `lastUid` (`new-mail`),
 * `maxMs` pass or `stop()` says so (`quiet`). A server without IDLE answers `no-idle` at once:
 * the product then reads at IMAP_POLL_SECONDS only. Read-only, as every read.
 */
export async function waitForNewMail(
  address: MailboxAddress,
  lastUid: number,
  maxMs: number,
  stop: () => boolean,
): Promise<MailWait> {
  const client = new ImapFlow({
    ...address.connection,
    ...IMAP_TIMEOUTS,
    logger: false,
    disableAutoIdle: true,
    // The server's own limit on an idle connection is minutes; ours ends sooner (maxMs).
    maxIdleTime: Math.max(maxMs, 1_000),
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    if (!client.capabilities.has('IDLE')) return 'no-idle';
    const lock = await client.getMailboxLock(address.folder, { readOnly: true });
    try {
      const opened = client.mailbox;
      if (!opened) throw new Error(`the folder ${address.label} could not be opened`);
      // Arrived between the read and this wait.
      if (opened.exists > 0 && opened.uidNext > lastUid + 1) return 'new-mail';
      return await new Promise<MailWait>((resolve) => {
        const end = (result: MailWait) => {
          clearTimeout(timer);
          clearInterval(check);
          client.off('exists', onExists);
          resolve(result);
        };
        const onExists = () => end('new-mail');
        const timer = setTimeout(() => end('quiet'), maxMs);
        const check = setInterval(() => {
          if (stop()) end('quiet');
        }, IDLE_STOP_CHECK_MS);
        client.on('exists', onExists);
        // Ends when the next command (the logout below) is sent.
        client.idle().catch(() => end('quiet'));
      });
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
