import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { connectDatabase } from './connect.js';
import { LEASE_RENEW_MS, LeaseTakenError, takeProcessLease } from './process-lease.js';
import { isolatesConcurrentUpdates } from './server-features.js';

// Two connections stand for two processes (the processes themselves: two-processes.test.ts).
let first: Connection;
let second: Connection;
beforeAll(async () => {
  const dbName = `test_${randomBytes(6).toString('hex')}`;
  first = await connectDatabase(inject('mongoUrl'), dbName, 1);
  second = await connectDatabase(inject('mongoUrl'), dbName, 1);
});
afterAll(async () => {
  await first.dropDatabase();
  await Promise.all([first.close(), second.close()]);
});

const noRenewFailure = (error: unknown) => {
  throw error;
};

describe('takeProcessLease', () => {
  it('on FerretDB 1.x keeps a second process out and tells a displaced holder; on MongoDB takes nothing', async () => {
    const lost: LeaseTakenError[] = [];
    const lease = await takeProcessLease(first, {
      onLost: (error) => lost.push(error),
      onRenewFailed: noRenewFailure,
    });
    if (await isolatesConcurrentUpdates(first)) {
      expect(lease).toBeUndefined();
      await expect(
        takeProcessLease(second, { onLost: () => undefined, onRenewFailed: noRenewFailure }),
      ).resolves.toBeUndefined();
      return;
    }
    expect(lease).toBeDefined();

    // The holder renews: the newcomer sees it alive and is refused, naming the holder.
    const refused = await takeProcessLease(second, {
      onLost: () => undefined,
      onRenewFailed: noRenewFailure,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LeaseTakenError);
    expect((refused as LeaseTakenError).holder.pid).toBe(process.pid);
    expect((refused as LeaseTakenError).message).toContain(
      `is using the database "${first.name}" on this FerretDB server`,
    );

    // Someone else holds it now (as after an outage longer than the TTL): at its next renewal
    // the holder learns it has lost it.
    await first
      .collection('processlease')
      .updateOne({ _id: 'api' as never }, { $set: { owner: 'another process', pid: 4242 } });
    await vi.waitFor(() => expect(lost).toHaveLength(1), {
      timeout: 3 * LEASE_RENEW_MS,
      interval: 100,
    });
    expect(lost[0]?.holder.pid).toBe(4242);
    // Released by the one that lost it: nothing of the other's is deleted.
    await lease?.release();
    expect(await first.collection('processlease').countDocuments()).toBe(1);
  });
});
