import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectDatabase } from './connect.js';
import { lockModels, withLock, type LockModel } from './lock.js';

let connection: Connection;
let Lock: LockModel;
beforeAll(async () => {
  connection = await connectDatabase(
    inject('mongoUrl'),
    `test_${randomBytes(6).toString('hex')}`,
    1,
  );
  ({ Lock } = lockModels(connection));
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

/** A promise the test settles by hand, to hold a lock's work open. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Takes the lock `name` and keeps it until `finish()`; `held` settles once it holds it. */
function holdLock(name: string) {
  const holds = gate();
  const mayFinish = gate();
  const done = withLock(Lock, name, async () => {
    holds.open();
    await mayFinish.opened;
  });
  return { held: holds.opened, finish: mayFinish.open, done };
}

describe('withLock', () => {
  it('when a holder outlives its lease and another takes the lock, then the late holder releases only its own', async () => {
    const name = 'late-holder';
    const first = holdLock(name);
    await first.held;
    // The first holder outlives its lease (as a stalled process would).
    await Lock.updateOne({ _id: name }, { expiresAt: new Date(Date.now() - 1_000) });

    const second = holdLock(name);
    await second.held;
    first.finish();
    await first.done;

    expect(await Lock.countDocuments({ _id: name })).toBe(1);
    let thirdRan = false;
    const third = withLock(Lock, name, () => {
      thirdRan = true;
      return Promise.resolve();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(thirdRan).toBe(false);

    second.finish();
    await Promise.all([second.done, third]);
    expect(thirdRan).toBe(true);
    expect(await Lock.countDocuments({ _id: name })).toBe(0);
  });
});
