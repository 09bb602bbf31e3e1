import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { sweepExpired } from './sweep-expired.js';

const t = useTestApp();

describe('sweepExpired', () => {
  it('removes expired sessions, captchas and login counters, and keeps live ones', async () => {
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    const { Session, UsedCaptcha, LoginAttempt } = t.ctx.models;
    const session = {
      publicId: 'p',
      userId: '0123456789abcdef01234567',
      createdAt: past,
      lastSeenAt: past,
    };
    await Session.create([
      { ...session, _id: 'old', expiresAt: past },
      { ...session, _id: 'live', expiresAt: future },
    ]);
    await UsedCaptcha.create([
      { _id: 'old', expiresAt: past },
      { _id: 'live', expiresAt: future },
    ]);
    await LoginAttempt.create([
      { _id: 'email:old', expiresAt: past },
      { _id: 'email:live', expiresAt: future },
    ]);
    await sweepExpired(t.ctx.connection);
    expect((await Session.find().lean()).map((d) => d._id)).toEqual(['live']);
    expect((await UsedCaptcha.find().lean()).map((d) => d._id)).toEqual(['live']);
    expect((await LoginAttempt.find().lean()).map((d) => d._id)).toEqual(['email:live']);
  });
});
