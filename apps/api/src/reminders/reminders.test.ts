import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySchema, type Activity } from '@crm/shared';
import {
  bearer,
  createRequest,
  startTestApp,
  tokenFor,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../test/test-app.js';
import { startSmtp, textOf, type TestSmtp } from '../test/smtp.js';
import { startJobs, type JobsOptions, type JobsScheduler } from '../jobs/index.js';
import { outboxJob, processOutbox } from '../mail/index.js';
import { remindersJob } from './job.js';
import { runRemindersTick } from './reminders.service.js';

// Issue 20, reminder emails: the 08:00 digest in each user's zone and the reminder 15 minutes
// before a timed activity, through a real SMTP server, with a fake clock (the tick's `now`). The
// tick plans them into the app's outbox, whose run sends them (mail/, issue 34; its failures
// and retries are tested in mail/outbox.test.ts).

/** The HTML alternative of a mail, decoded. */
const htmlOf = (raw: string) => textOf(raw).split('Content-Type: text/html')[1] ?? '';

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';

const t = useTestApp();
let smtp: TestSmtp;
let vendor: SignedIn;

beforeAll(async () => {
  smtp = await startSmtp();
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url, retryDelaysMs: [60_000] };
  t.ctx.config.timeZone = 'America/Santiago';
  t.ctx.config.appUrl = 'https://crm.example.com';
  vendor = await tokenFor(t, 'vendor');
});
afterAll(async () => {
  await smtp.close();
});

type Plan = { title: string; dueDate: string; dueTime?: string | null; ownerId?: string };
async function plan(requestId: string, fields: Plan, owner: SignedIn = vendor): Promise<Activity> {
  const res = await request(t.app)
    .post(`/api/form-contact/${requestId}/activities`)
    .set(bearer(owner.token))
    .send({ type: 'call', dueTime: null, ownerId: owner.user._id, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return activitySchema.parse(res.body);
}

/** Only these users still get digests: earlier tests' users have overdue activities too. */
async function digestsOnlyFor(...users: SignedIn[]) {
  const ids = users.map((user) => user.user._id);
  await t.ctx.models.User.updateMany({ _id: { $nin: ids } }, { emailDigest: false });
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));
/** What the scheduler's two jobs do at `instant`: the reminders' tick, then the outbox's run. */
async function tick(instant: string, app: TestApp = t) {
  await runRemindersTick(app.ctx, new Date(instant));
  await processOutbox(app.ctx, new Date(instant));
}

/** Both jobs on one process's scheduler, each every `every` ms. */
const startBoth = (app: TestApp, every: number, options: JobsOptions) =>
  startJobs(
    app.ctx,
    [
      { ...remindersJob, every },
      { ...outboxJob, every },
    ],
    options,
  );

describe('the 08:00 digest', () => {
  // Wednesday 2026-06-10 in Santiago (-04): 08:00 is 12:00Z.
  let requestId = '';
  beforeAll(async () => {
    requestId = (await createRequest(t, vendor.token))._id;
    await plan(requestId, { title: 'Llamar a <b>Ana</b> & "co"', dueDate: '2026-06-09' });
    await plan(requestId, { title: 'Demo', dueDate: '2026-06-10', dueTime: '16:00' });
    await plan(requestId, { title: 'Mañana', dueDate: '2026-06-11' });
  });

  it('when it is 08:00 in the user’s zone, then one digest lists their overdue and today’s activities with links, once', async () => {
    await tick('2026-06-10T11:59:00.000Z');
    expect(mailsTo(vendor.user.email)).toHaveLength(0);
    await tick('2026-06-10T12:00:00.000Z');
    await tick('2026-06-10T12:01:00.000Z');
    await tick('2026-06-10T15:00:00.000Z');
    const mails = mailsTo(vendor.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(subjectOf(mail?.raw ?? '')).toBe('Tu agenda de hoy: 1 vencida, 1 para hoy');
    const body = textOf(mail?.raw ?? '');
    expect(body).toContain(`https://crm.example.com/main/requests/${requestId}`);
    expect(body).toContain('Llamada: Demo');
    // Due moments as the agenda says them (issue 34's one format), not as stored ("2026-06-10 16:00").
    expect(body).toContain('Llamada: Demo · Hoy 16:00 ·');
    expect(body).toContain('· 9 jun ·');
    expect(body).not.toContain('Mañana');
    // The HTML part carries the title escaped, never as markup.
    const html = htmlOf(mail?.raw ?? '');
    expect(html).toContain('Llamar a &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;co&quot;');
    expect(html).not.toContain('<b>Ana</b>');
  });

  it('when a user has nothing overdue or due today, then no digest is sent', async () => {
    const idle = await tokenFor(t, 'driver');
    await tick('2026-06-10T12:05:00.000Z');
    expect(mailsTo(idle.user.email)).toHaveLength(0);
  });

  it('when a user has their own zone, then the digest comes at 08:00 there', async () => {
    const madrid = await tokenFor(t, 'vendor');
    await t.ctx.models.User.updateOne({ _id: madrid.user._id }, { timeZone: 'Europe/Madrid' });
    const id = (await createRequest(t, madrid.token))._id;
    await plan(id, { title: 'Vencida', dueDate: '2026-06-01' }, madrid);
    // 07:59 and 08:00 in Madrid (+02) on the 12th.
    await tick('2026-06-12T05:59:00.000Z');
    expect(mailsTo(madrid.user.email)).toHaveLength(0);
    await tick('2026-06-12T06:00:00.000Z');
    expect(mailsTo(madrid.user.email)).toHaveLength(1);
  });

  it('when the process was down all morning, then the day’s digest is skipped rather than sent in the afternoon', async () => {
    const late = await tokenFor(t, 'vendor');
    const id = (await createRequest(t, late.token))._id;
    await plan(id, { title: 'Vencida', dueDate: '2026-06-01' }, late);
    await tick('2026-06-13T16:00:00.000Z'); // 12:00 in Santiago
    expect(mailsTo(late.user.email)).toHaveLength(0);
    await tick('2026-06-13T15:59:00.000Z'); // 11:59: still the morning's
    expect(mailsTo(late.user.email)).toHaveLength(1);
  });

  it('when a user turned the digest off, then they get none', async () => {
    const off = await tokenFor(t, 'vendor');
    const id = (await createRequest(t, off.token))._id;
    await plan(id, { title: 'Vencida', dueDate: '2026-06-01' }, off);
    const res = await request(t.app)
      .patch('/api/me/preferences')
      .set(bearer(off.token))
      .send({ emailDigest: false });
    expect(res.status).toBe(200);
    await tick('2026-06-14T12:00:00.000Z');
    expect(mailsTo(off.user.email)).toHaveLength(0);
  });
});

describe('the reminder 15 minutes before a timed activity', () => {
  it('when the activity is 15 minutes away, then one reminder is sent, and again only if rescheduled', async () => {
    const rep = await tokenFor(t, 'vendor');
    await t.ctx.models.User.updateOne({ _id: rep.user._id }, { emailDigest: false });
    const id = (await createRequest(t, rep.token))._id;
    const call = await plan(id, { title: 'Cierre', dueDate: '2026-06-15', dueTime: '15:00' }, rep);
    await tick('2026-06-15T18:44:00.000Z'); // 14:44
    expect(mailsTo(rep.user.email)).toHaveLength(0);
    await tick('2026-06-15T18:45:00.000Z'); // 14:45
    await tick('2026-06-15T18:50:00.000Z');
    const mails = mailsTo(rep.user.email);
    expect(mails.map((mail) => subjectOf(mail.raw))).toEqual([
      'Recordatorio 15:00: Llamada: Cierre',
    ]);
    expect(textOf(mails[0]?.raw ?? '')).toContain(`https://crm.example.com/main/requests/${id}`);

    const moved = await request(t.app)
      .patch(`/api/form-contact/${id}/activities/${call._id}`)
      .set(bearer(rep.token))
      .send({ version: call.version, dueDate: '2026-06-15', dueTime: '16:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await tick('2026-06-15T19:45:00.000Z'); // 15:45
    expect(mailsTo(rep.user.email)).toHaveLength(2);
  });

  it('when the user’s zone is not the one the activity was planned in, then the reminder says the time in theirs', async () => {
    const rep = await tokenFor(t, 'vendor');
    await t.ctx.models.User.updateOne({ _id: rep.user._id }, { emailDigest: false });
    const id = (await createRequest(t, rep.token))._id;
    // 15:00 in Santiago (-04) on the 17th: 19:00Z, 21:00 in Madrid (+02).
    await plan(id, { title: 'Cierre', dueDate: '2026-06-17', dueTime: '15:00' }, rep);
    await t.ctx.models.User.updateOne({ _id: rep.user._id }, { timeZone: 'Europe/Madrid' });
    await tick('2026-06-17T18:45:00.000Z');
    const mails = mailsTo(rep.user.email);
    expect(mails.map((mail) => subjectOf(mail.raw))).toEqual([
      'Recordatorio 21:00: Llamada: Cierre',
    ]);
    expect(textOf(mails[0]?.raw ?? '')).toContain('a las 21:00');
  });

  it('when a user turned reminders off, then they get none', async () => {
    const off = await tokenFor(t, 'vendor');
    await t.ctx.models.User.updateOne(
      { _id: off.user._id },
      { emailDigest: false, emailReminders: false },
    );
    const id = (await createRequest(t, off.token))._id;
    await plan(id, { title: 'Cierre', dueDate: '2026-06-16', dueTime: '15:00' }, off);
    await tick('2026-06-16T18:50:00.000Z');
    expect(mailsTo(off.user.email)).toHaveLength(0);
  });
});

describe('the cost of a run (issue 32)', () => {
  const TOKYO = 'Asia/Tokyo';

  /** `size` users in Tokyo, each with an overdue activity and a call at 08:10 on `day`. */
  async function team(size: number, day: string): Promise<SignedIn[]> {
    const members: SignedIn[] = [];
    for (let i = 0; i < size; i++) {
      const member = await tokenFor(t, 'vendor');
      await t.ctx.models.User.updateOne({ _id: member.user._id }, { timeZone: TOKYO });
      const id = (await createRequest(t, member.token))._id;
      await plan(id, { title: 'Vencida', dueDate: '2026-06-01' }, member);
      await plan(id, { title: 'Llamada', dueDate: day, dueTime: '08:10' }, member);
      members.push(member);
    }
    return members;
  }

  /** The reads a tick at `instant` sends, as collection.operation (mongoose's debug hook). */
  async function readsOfTick(instant: string): Promise<string[]> {
    const calls: string[] = [];
    t.ctx.connection.set('debug', (collection: string, method: string) =>
      calls.push(`${collection}.${method}`),
    );
    try {
      await tick(instant);
    } finally {
      t.ctx.connection.set('debug', false);
    }
    return calls.filter((call) => /\.(find|findOne|aggregate|distinct|count\w*)$/.test(call));
  }

  it('when five times as many users have a digest and a reminder due, then a run reads the database as many times, the requests once', async () => {
    const few = await team(2, '2026-07-01');
    // 08:00 in Tokyo (+09) on July 1st: each gets the digest and the reminder of 08:10.
    const fewReads = await readsOfTick('2026-06-30T23:00:00.000Z');
    for (const member of few) expect(mailsTo(member.user.email)).toHaveLength(2);
    // Two days later: the first two get a digest again (their call is overdue now).
    const many = await team(10, '2026-07-03');
    const manyReads = await readsOfTick('2026-07-02T23:00:00.000Z');

    for (const member of many) {
      const subjects = mailsTo(member.user.email).map((mail) => subjectOf(mail.raw));
      expect(subjects.sort()).toEqual([
        'Recordatorio 08:10: Llamada: Llamada',
        'Tu agenda de hoy: 1 vencida, 1 para hoy',
      ]);
    }
    expect(manyReads).toEqual(fewReads);
    // The activities and their requests in one read.
    expect(manyReads.filter((read) => read.startsWith('requests.'))).toHaveLength(1);
  });
});

describe('two API processes on one database', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp({ dbName: t.dbName, logger: pino({ level: 'silent' }) });
    other.ctx.config.mail = t.ctx.config.mail;
    other.ctx.config.timeZone = t.ctx.config.timeZone;
    other.ctx.config.appUrl = t.ctx.config.appUrl;
  });
  afterAll(async () => {
    await other.close();
  });

  it('when both tick at the same moments, then each user gets exactly one digest', async () => {
    const reps = [await tokenFor(t, 'vendor'), await tokenFor(t, 'vendor')];
    for (const rep of reps) {
      const id = (await createRequest(t, rep.token))._id;
      await plan(id, { title: 'Vencida', dueDate: '2026-06-01' }, rep);
    }
    for (const minute of ['00', '00', '01', '02']) {
      const instant = `2026-06-22T12:${minute}:00.000Z`;
      await Promise.all([tick(instant), tick(instant, other)]);
    }
    for (const rep of reps) expect(mailsTo(rep.user.email)).toHaveLength(1);
  });

  it('when both run the scheduler, then the ticks run and each user still gets exactly one digest', async () => {
    const reps = [await tokenFor(t, 'vendor'), await tokenFor(t, 'vendor')];
    for (const rep of reps) {
      const id = (await createRequest(t, rep.token))._id;
      await plan(id, { title: 'Vencida', dueDate: '2026-06-01' }, rep);
    }
    const clock = { now: () => new Date('2026-06-23T12:05:00.000Z') };
    const options = { clock, processEvery: 100 };
    const schedulers: JobsScheduler[] = [];
    try {
      for (const [app, name] of [
        [t, 'first'],
        [other, 'second'],
      ] as const) {
        const started = await startBoth(app, 300, { ...options, name });
        if (started) schedulers.push(started);
      }
      expect(schedulers).toHaveLength(2);
      const end = Date.now() + 10_000;
      while (reps.some((rep) => mailsTo(rep.user.email).length === 0) && Date.now() < end) {
        await sleep(100);
      }
      // Several more ticks on both, at the same fake instant.
      await sleep(1500);
    } finally {
      for (const scheduler of schedulers) await scheduler.stop();
    }
    for (const rep of reps) expect(mailsTo(rep.user.email)).toHaveLength(1);
  });
  it('when a run takes longer than its lock, then the lock is renewed and the other process never runs that job meanwhile', async () => {
    // Made side by side: one after another, a busy machine spent most of the test's time here.
    const reps = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const rep = await tokenFor(t, 'vendor');
        const id = (await createRequest(t, rep.token))._id;
        await plan(id, { title: 'Vencida', dueDate: '2026-06-01' }, rep);
        return rep;
      }),
    );
    await digestsOnlyFor(...reps);
    const delivered = () => reps.filter((rep) => mailsTo(rep.user.email).length > 0).length;
    // Eight digests at 750 ms each: after the first, at least 5.25 s under a lock of 5 s. A
    // lapsing lease leaves the step under way half the lifetime (jobs/): here 2.5 s for a 750 ms
    // mail, as the real lock (2 min) leaves a minute for an SMTP try (50 s). The lock is scaled
    // down only so far: on two busy cores (CI's unit stage) a timer or a write can be late by a
    // second, which a 2 s lock (1 s margin) did not absorb.
    const lockLifetimeMs = 5000;
    smtp.state.delayMs = 750;
    smtp.state.mostOpen = 0;
    const clock = { now: () => new Date('2026-07-06T12:05:00.000Z') };
    const options = { clock, processEvery: 100, lockLifetimeMs };
    const schedulers: JobsScheduler[] = [];
    let runTook = 0;
    // Planned first, so that the outbox's first run has them all: one long run. (Two schedulers
    // taking an unlocked job at the same instant both may, on FerretDB 1.x: jobs/scheduler.ts.)
    await runRemindersTick(t.ctx, clock.now());
    try {
      const first = await startBoth(t, 200, { ...options, name: 'first' });
      if (first) schedulers.push(first);
      const end = Date.now() + 25_000;
      while (delivered() === 0 && Date.now() < end) await sleep(20);
      const started = Date.now();
      // The second process starts while the first one's run is under way.
      const second = await startBoth(other, 200, { ...options, name: 'second' });
      if (second) schedulers.push(second);
      while (delivered() < reps.length && Date.now() < end) await sleep(20);
      runTook = Date.now() - started;
    } finally {
      for (const scheduler of schedulers) await scheduler.stop();
      smtp.state.delayMs = 0;
    }
    expect(schedulers).toHaveLength(2);
    // One SMTP conversation at a time: the second process never tried a mail meanwhile...
    expect(smtp.state.mostOpen).toBe(1);
    // ...though the run outlived its lock (unrenewed, the second would have taken it).
    expect(runTook).toBeGreaterThan(lockLifetimeMs);
    for (const rep of reps) expect(mailsTo(rep.user.email)).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  it('when SMTP_URL is unset, then the scheduler does not start and a tick sends and records nothing', async () => {
    const quiet = await startTestApp({ logger: pino({ level: 'silent' }) });
    try {
      expect(quiet.ctx.config.mail.smtpUrl).toBeUndefined();
      expect(await startJobs(quiet.ctx, [remindersJob, outboxJob])).toBeUndefined();
      const rep = await tokenFor(quiet, 'vendor');
      await quiet.ctx.models.User.updateOne({ _id: rep.user._id }, {});
      const before = smtp.mails.length;
      await tick('2026-06-24T12:00:00.000Z', quiet);
      expect(smtp.mails.length).toBe(before);
      expect(await quiet.ctx.models.OutboxMail.countDocuments()).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});
