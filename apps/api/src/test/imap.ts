import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { inject } from 'vitest';
import { mailboxAddressOf, type MailboxAddress } from '../inbox/index.js';

/**
 * A folder of its own on the test IMAP server (imap-setup.ts), so test files running side by
 * side never read each other's mail, and a way to deliver into it.
 */
export async function testMailbox(): Promise<{
  /** IMAP_URL for this folder. */
  url: string;
  address: MailboxAddress;
  /** Leaves a message in the folder as a mail server would (IMAP APPEND); its UID. */
  deliver: (message: string | Buffer) => Promise<number>;
  close: () => Promise<void>;
}> {
  const imapUrl = inject('imapUrl');
  if (!imapUrl) {
    throw new Error(
      'The mail tests need an IMAP server: install Dovecot (Debian: apt-get install dovecot-imapd) or set IMAP_URL',
    );
  }
  const folder = `test-${randomBytes(6).toString('hex')}`;
  const url = new URL(imapUrl);
  url.pathname = `/${folder}`;
  const address = mailboxAddressOf(url.toString());
  const client = new ImapFlow({ ...address.connection, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  await client.mailboxCreate(folder);
  return {
    url: url.toString(),
    address,
    deliver: async (message) => {
      const appended = await client.append(folder, message);
      if (!appended || appended.uid === undefined)
        throw new Error('the test message was not delivered');
      return appended.uid;
    },
    close: async () => {
      await client.mailboxDelete(folder).catch(() => undefined);
      await client.logout().catch(() => client.close());
    },
  };
}

/**
 * A message as a mail program writes it, for `deliver`: From, To (the sales mailbox), Subject,
 * Message-ID, any `headers` (In-Reply-To, Date…), then a plain UTF-8 text.
 */
export function rawMail(mail: {
  from: string;
  subject: string;
  /** The Message-ID, angle brackets included. */
  messageId: string;
  text: string;
  headers?: readonly string[];
}): string {
  return [
    `From: ${mail.from}`,
    'To: ventas@crm.test',
    `Subject: ${mail.subject}`,
    `Message-ID: ${mail.messageId}`,
    ...(mail.headers ?? []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
    '',
  ].join('\r\n');
}
