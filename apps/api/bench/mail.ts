import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { MongoClient, ObjectId } from 'mongodb';
import { mailboxAddressOf } from '../src/inbox/index.js';
import { DEMO_PASSWORD } from '../src/seed/index.js';
import { startTestImap } from '../src/test/imap-server.js';
import {
  freePort,
  healthWhile,
  resetPeak,
  seedForApi,
  startApi,
  statusKb,
  stopApi,
} from './api-process.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { loginToken } from './login.js';
import { timed } from './measure.js';

/**
 * `npm run bench:mail` (issue 35): BENCH_MAIL_MESSAGES (10,000) messages waiting in the sales
 * mailbox (a real Dovecot: IMAP_URL, else one started by scripts/test-imap.sh, imap-server.ts) are read, filed
 * and stored by the built API in a process of its own, over BENCH_MAIL_REQUESTS (10,000) demo
 * requests: messages per second, the API's memory before and at its peak, and /api/health's
 * p95 meanwhile (target < 100 ms). The mix: 30% answers to mails the product sent (In-Reply-To),
 * 40% from the address of an existing request, 25% from new senders (leads), 5% auto-replies.
 * Then a request holding 500 mails opens its thread: the first page and the next, timed.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const MESSAGES = Number(env.BENCH_MAIL_MESSAGES ?? 10_000);
const REQUESTS = Number(env.BENCH_MAIL_REQUESTS ?? 10_000);
const SAMPLES = Number(env.BENCH_SAMPLES ?? 10);
const THREAD_MAILS = 500;
const DB_NAME = 'crm_bench_mail';
const SENT = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function imapClient(url: URL) {
  const client = new ImapFlow({ ...mailboxAddressOf(url.toString()).connection, logger: false });
  client.on('error', () => undefined);
  return client;
}

const mail = (fields: { from: string; id: string; subject: string; extra?: string[] }) =>
  [
    `From: ${fields.from}`,
    'To: ventas@bench.test',
    `Subject: ${fields.subject}`,
    `Message-ID: <${fields.id}@bench.test>`,
    ...(fields.extra ?? []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hola, sobre ${fields.subject}: ¿nos confirman la fecha y el valor?`,
    '',
  ].join('\r\n');

async function main() {
  const config = benchConfig(env);
  const db = await benchDatabase(env.MONGO_URL);
  const imap = await startTestImap();
  const folderUrl = new URL(imap.url);
  folderUrl.pathname = `/bench-${randomBytes(4).toString('hex')}`;
  const client = new MongoClient(db.url);
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  try {
    console.info(`database: ${db.source}; seeding ${REQUESTS} requests…`);
    const email = await seedForApi(db.url, DB_NAME, config, REQUESTS);
    await client.connect();
    const store = client.db(DB_NAME);
    const requests = await store
      .collection('requests')
      .find({}, { projection: { email: 1 } })
      .limit(REQUESTS)
      .toArray();
    // Mails the product sent, which answers name; and the long thread.
    const sentMail = (requestId: ObjectId, i: number) => ({
      _id: new ObjectId(),
      requestId,
      direction: 'out',
      messageId: `<enviado-${i}@crm.local>`,
      from: { address: 'no-reply@crm.local', name: 'CRM' },
      to: ['cliente@bench.test'],
      cc: [],
      subject: `Cotización ${i}`,
      text: 'Valores adjuntos.',
      at: new Date(Date.now() - (SENT + THREAD_MAILS - i) * 60_000),
      by: null,
      inReplyTo: null,
      bouncedAt: null,
      unread: false,
    });
    const threadRequest = requests[0]!._id;
    await store
      .collection('request_emails')
      .insertMany([
        ...Array.from({ length: SENT }, (_, i) => sentMail(requests[i % requests.length]!._id, i)),
        ...Array.from({ length: THREAD_MAILS }, (_, i) => sentMail(threadRequest, SENT + i)),
      ]);

    console.info(`delivering ${MESSAGES} messages into ${folderUrl.pathname.slice(1)}…`);
    const imapClientConn = imapClient(folderUrl);
    await imapClientConn.connect();
    const folder = folderUrl.pathname.slice(1);
    await imapClientConn.mailboxCreate(folder);
    let autoReplies = 0;
    for (let i = 0; i < MESSAGES; i++) {
      const kind = i % 20;
      let message: string;
      if (kind < 6) {
        message = mail({
          from: `Cliente <respuesta${i}@bench.test>`,
          id: `r${i}`,
          subject: `Re: Cotización ${i % SENT}`,
          extra: [`In-Reply-To: <enviado-${i % SENT}@crm.local>`],
        });
      } else if (kind < 14) {
        const known = requests[i % requests.length]!;
        message = mail({
          from: `Cliente <${known.email as string}>`,
          id: `k${i}`,
          subject: `Consulta ${i}`,
        });
      } else if (kind < 19) {
        message = mail({
          from: `Nuevo ${i} <nuevo${i}@empresa${i}.test>`,
          id: `n${i}`,
          subject: `Evento ${i}`,
        });
      } else {
        autoReplies += 1;
        message = mail({
          from: `Cliente <fuera${i}@bench.test>`,
          id: `a${i}`,
          subject: 'Fuera de la oficina',
          extra: ['Auto-Submitted: auto-replied'],
        });
      }
      await imapClientConn.append(folder, message);
    }
    await imapClientConn.logout();

    const port = await freePort();
    env.IMAP_URL = folderUrl.toString();
    env.IMAP_POLL_SECONDS = '5';
    env.SMTP_URL = '';
    api = await startApi(db.url, DB_NAME, port);
    const base = `http://127.0.0.1:${port}`;
    const pid = api.pid ?? 0;
    const before = await statusKb(pid, 'VmRSS');
    await resetPeak(pid);
    const started = performance.now();
    const startedAt = new Date();
    const inbox = store.collection('inbox_messages');
    const done = (async () => {
      for (;;) {
        const handled = await inbox.countDocuments({ handledAt: { $ne: null } });
        if (handled >= MESSAGES) return;
        await sleep(1_000);
      }
    })();
    const health = await healthWhile(base, done);
    const seconds = (performance.now() - started) / 1000;
    const peak = await statusKb(pid, 'VmHWM');
    const filed = await store.collection('request_emails').countDocuments({ direction: 'in' });
    // The demo requests may come from "Correo" too: the leads are the ones made meanwhile.
    const leads = await store
      .collection('requests')
      .countDocuments({ sourceOfContact: 'email', createdAt: { $gte: startedAt } });

    const token = await loginToken(base, email, DEMO_PASSWORD);
    const get = (query = '') =>
      fetch(`${base}/api/form-contact/${threadRequest.toHexString()}/emails${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      }).then(async (res) => {
        if (!res.ok) throw new Error(`thread answered ${res.status}`);
        return (await res.json()) as { items: unknown[]; nextCursor: string | null };
      });
    const first = await get();
    const firstPage = await timed(SAMPLES, () => get());
    const nextPage = await timed(SAMPLES, () => get(`?cursor=${first.nextCursor ?? ''}`));
    // The bare driver's figures for the same reads, without the API: where the database is the
    // wall (FerretDB 1.x scans for every read but by _id), these show it.
    const emails = store.collection('request_emails');
    const bareThread = await timed(SAMPLES, () =>
      emails.find({ requestId: threadRequest }).sort({ at: -1, _id: -1 }).limit(21).toArray(),
    );
    const bareAnswered = await timed(SAMPLES, () =>
      emails.findOne({ messageId: { $in: ['<enviado-7@crm.local>'] }, direction: 'out' }),
    );
    const bareSender = await timed(SAMPLES, () =>
      store
        .collection('requests')
        .find({ email: { $in: [requests[7]!.email as string] }, status: { $ne: 'closed' } })
        .sort({ createdAt: -1 })
        .limit(1)
        .toArray(),
    );

    console.info('');
    console.info(`bench:mail (issue 35), database ${db.source}`);
    console.info(
      `  ${MESSAGES} messages read, filed and stored in ${seconds.toFixed(1)} s: ${(MESSAGES / seconds).toFixed(0)} messages/s`,
    );
    console.info(
      `  filed in threads: ${filed} (expected ${MESSAGES - autoReplies}; ${autoReplies} auto-replies ignored); leads made: ${leads}`,
    );
    console.info(
      `  API memory (RSS): ${(before / 1024).toFixed(0)} MB before, ${(peak / 1024).toFixed(0)} MB at its peak`,
    );
    console.info(
      `  /api/health meanwhile: p95 ${health.p95.toFixed(1)} ms, max ${health.max.toFixed(1)} ms over ${health.samples} calls (${health.failed} failed); target p95 < 100 ms`,
    );
    console.info(
      `  a thread of ${THREAD_MAILS} mails, pages of ${first.items.length}: first page p50 ${firstPage.p50.toFixed(1)} ms, p95 ${firstPage.p95.toFixed(1)} ms; next page p50 ${nextPage.p50.toFixed(1)} ms, p95 ${nextPage.p95.toFixed(1)} ms`,
    );
    console.info(
      `  the bare driver, same reads: a thread page p50 ${bareThread.p50.toFixed(1)} ms; an answer's Message-ID lookup p50 ${bareAnswered.p50.toFixed(1)} ms; a sender's newest open request p50 ${bareSender.p50.toFixed(1)} ms`,
    );
  } finally {
    if (api) await stopApi(api);
    await client.close();
    await imap.stop();
    await db.stop();
  }
}

await main();
