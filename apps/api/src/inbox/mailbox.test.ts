import { ImapFlow } from 'imapflow';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testMailbox } from '../test/imap.js';
import { mailboxAddressOf } from './imap-url.js';
import { readNewMail, type MailboxCheckpoint, type MailboxMessage } from './mailbox.js';

const OPTIONS = { maxBytes: 1024 * 1024, batchSize: 100 };

const customerMail = (subject: string, body = 'Hola, quisiera una cotización.') =>
  [
    'From: Carla Soto <carla@cliente.cl>',
    'To: ventas@crm.test',
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W/g, '')}@cliente.cl>`,
    'Date: Mon, 07 Dec 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');

let mailbox: Awaited<ReturnType<typeof testMailbox>>;

async function readAll(from?: MailboxCheckpoint, options = OPTIONS) {
  const taken: MailboxMessage[] = [];
  const checkpoint = await readNewMail(
    mailbox.address,
    from,
    (message) => {
      taken.push(message);
    },
    options,
  );
  return { taken, checkpoint };
}

const subjectOf = (message: MailboxMessage) => /^Subject: (.*)$/m.exec(String(message.source))?.[1];

describe('reading the sales mailbox over IMAP (issue 35, Dovecot)', () => {
  beforeEach(async () => {
    mailbox = await testMailbox();
  });
  afterEach(async () => {
    await mailbox.close();
  });

  it('hands over the waiting messages oldest first, whole, and the checkpoint after the last', async () => {
    const uids = [
      await mailbox.deliver(customerMail('Primera consulta')),
      await mailbox.deliver(customerMail('Segunda consulta')),
    ];

    const { taken, checkpoint } = await readAll();

    expect(taken.map(subjectOf)).toEqual(['Primera consulta', 'Segunda consulta']);
    expect(taken.map((message) => message.uid)).toEqual(uids);
    expect(String(taken[0]!.source)).toContain('Hola, quisiera una cotización.');
    expect(checkpoint.lastUid).toBe(uids[1]);
  });

  it('from its checkpoint reads only what arrived since: nothing, then the new message', async () => {
    await mailbox.deliver(customerMail('Primera consulta'));
    const first = await readAll();

    expect((await readAll(first.checkpoint)).taken).toEqual([]);

    await mailbox.deliver(customerMail('Respuesta nueva'));
    const next = await readAll(first.checkpoint);
    expect(next.taken.map(subjectOf)).toEqual(['Respuesta nueva']);
    expect(next.checkpoint.lastUid).toBeGreaterThan(first.checkpoint.lastUid);
  });

  it('reads a backlog over several runs, at most a batch each', async () => {
    for (const n of [1, 2, 3]) await mailbox.deliver(customerMail(`Consulta ${n}`));

    const first = await readAll(undefined, { ...OPTIONS, batchSize: 2 });
    const second = await readAll(first.checkpoint, { ...OPTIONS, batchSize: 2 });

    expect(first.taken.map(subjectOf)).toEqual(['Consulta 1', 'Consulta 2']);
    expect(second.taken.map(subjectOf)).toEqual(['Consulta 3']);
  });

  it('a read that fails half-way goes on, next time, after the last message taken', async () => {
    for (const n of [1, 2, 3]) await mailbox.deliver(customerMail(`Consulta ${n}`));
    let kept: MailboxCheckpoint | undefined;

    await expect(
      readNewMail(
        mailbox.address,
        undefined,
        (message) => {
          if (kept) throw new Error('the process stopped here');
          kept = message.checkpoint;
        },
        OPTIONS,
      ),
    ).rejects.toThrow('the process stopped here');

    const rest = await readAll(kept);
    expect(rest.taken.map(subjectOf)).toEqual(['Consulta 2', 'Consulta 3']);
  });

  it('when the folder was numbered anew (another UIDVALIDITY), reads it all again', async () => {
    await mailbox.deliver(customerMail('Primera consulta'));
    const { checkpoint } = await readAll();

    const renumbered = await readAll({ uidValidity: '1', lastUid: checkpoint.lastUid });

    expect(renumbered.taken.map(subjectOf)).toEqual(['Primera consulta']);
  });

  it('a message over the size limit is named by its size but never downloaded', async () => {
    await mailbox.deliver(customerMail('Adjunto enorme', 'x'.repeat(5000)));

    const { taken } = await readAll(undefined, { ...OPTIONS, maxBytes: 1000 });

    expect(taken).toHaveLength(1);
    expect(taken[0]!.source).toBeUndefined();
    expect(taken[0]!.size).toBeGreaterThan(5000);
  });

  it('leaves the mail unread for the people who also read the shared mailbox', async () => {
    await mailbox.deliver(customerMail('Primera consulta'));
    await readAll();

    const client = new ImapFlow({ ...mailbox.address.connection, logger: false });
    await client.connect();
    try {
      const unseen = await client.status(mailbox.address.folder, { unseen: true });
      expect(unseen && unseen.unseen).toBe(1);
    } finally {
      await client.logout();
    }
  });

  it('a wrong password is refused without the password in the error', async () => {
    const wrong = new URL('imap://x@127.0.0.1/INBOX');
    wrong.username = encodeURIComponent(String(mailbox.address.connection.auth?.user));
    wrong.password = 'clave-equivocada-123';
    wrong.port = String(mailbox.address.connection.port);
    const address = mailboxAddressOf(wrong.toString());

    const failure = await readNewMail(address, undefined, () => undefined, OPTIONS).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(Error);
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).not.toContain(
      'clave-equivocada-123',
    );
  });
});

describe('IMAP_URL (issue 35)', () => {
  it('reads the user, password, host, port and folder; TLS with imaps, port 993 by default', () => {
    const address = mailboxAddressOf('imaps://ventas%40empresa.cl:cl%40ve@mail.empresa.cl/Ventas');

    expect(address.connection).toEqual({
      host: 'mail.empresa.cl',
      port: 993,
      secure: true,
      auth: { user: 'ventas@empresa.cl', pass: 'cl@ve' },
    });
    expect(address.folder).toBe('Ventas');
    expect(address.label).toBe('mail.empresa.cl:993/Ventas');
  });

  it('imap:// is port 143 and INBOX when no folder is named', () => {
    const address = mailboxAddressOf('imap://ventas:clave@mail.empresa.cl');

    expect(address.connection.port).toBe(143);
    expect(address.connection.secure).toBe(false);
    expect(address.folder).toBe('INBOX');
  });

  it('refuses another scheme, or no user', () => {
    expect(() => mailboxAddressOf('pop3://ventas:clave@mail.empresa.cl')).toThrow('IMAP_URL');
    expect(() => mailboxAddressOf('imap://mail.empresa.cl')).toThrow('IMAP_URL');
  });
});
