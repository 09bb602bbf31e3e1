import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { startTestApp, useTestApp } from '../test/test-app.js';
import { startJobs, type BackgroundJob, type JobsScheduler } from './index.js';

// The one scheduler (issue 34) with two API processes on one database: the stored job's lock
// survives a process that starts while another runs the job.

const t = useTestApp();
const silent = pino({ level: 'silent' });
/** A minute: no renewal falls inside these tests, so the lock seen is the one taken. */
const options = { processEvery: 100, lockLifetimeMs: 60_000 };

const storedJob = (name: string) =>
  t.ctx.connection.db!.collection('reminder_jobs').findOne({ name, type: 'single' });

describe('the background jobs across API processes', () => {
  it('a process that starts while another runs a job leaves that run locked and never runs the job beside it', async () => {
    const other = await startTestApp({ dbName: t.dbName, logger: silent });
    const runs: string[] = [];
    let release = () => {};
    const underWay = new Promise<void>((resolve) => (release = resolve));
    const job = (who: string): BackgroundJob => ({
      name: 'test.long-run',
      every: '1 hour',
      run: async () => {
        runs.push(who);
        await underWay;
      },
    });
    const schedulers: JobsScheduler[] = [];
    try {
      schedulers.push((await startJobs(t.ctx, [job('first')], { ...options, name: 'first' }))!);
      await vi.waitFor(() => expect(runs).toEqual(['first']), { timeout: 10_000 });

      schedulers.push(
        (await startJobs(other.ctx, [job('second')], { ...options, name: 'second' }))!,
      );

      expect((await storedJob('test.long-run'))?.lockedAt).toBeInstanceOf(Date);
      await sleep(1000); // ten looks for due jobs by the second process
      expect(runs).toEqual(['first']);
    } finally {
      release();
      for (const scheduler of schedulers) await scheduler.stop();
      await other.close();
    }
  });

  it('a job whose period changed (a setting) runs on the new period', async () => {
    const job = (every: string): BackgroundJob => ({
      name: 'test.period',
      every,
      run: () => Promise.resolve(),
    });

    await (await startJobs(t.ctx, [job('1 hour')], options))!.stop();
    expect((await storedJob('test.period'))?.repeatInterval).toBe('1 hour');
    await (await startJobs(t.ctx, [job('2 hours')], options))!.stop();

    expect((await storedJob('test.period'))?.repeatInterval).toBe('2 hours');
  });
});
