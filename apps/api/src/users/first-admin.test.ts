import { describe, expect, it } from 'vitest';
import { login, addUser, useTestApp } from '../test/test-app.js';
import { ensureFirstAdmin, GENERATED_ADMIN_EMAIL } from './first-admin.js';
import { PASSWORD_PATTERN } from '@crm/shared';

const t = useTestApp({}, { perTest: true });

describe('ensureFirstAdmin', () => {
  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD on an empty database', async () => {
    t.ctx.config.admin = { email: 'Boss@Example.com', password: 'Jefa.Clave1' };
    expect(await ensureFirstAdmin(t.ctx)).toBeUndefined();
    const res = await login(t.app, 'boss@example.com', 'Jefa.Clave1');
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('system admin');
  });

  it('generates a password that follows the rule when none is configured, and it works', async () => {
    t.ctx.config.admin = undefined;
    const generated = await ensureFirstAdmin(t.ctx);
    expect(generated?.email).toBe(GENERATED_ADMIN_EMAIL);
    expect(generated?.password).toMatch(PASSWORD_PATTERN);
    expect((await login(t.app, GENERATED_ADMIN_EMAIL, generated?.password)).status).toBe(200);
  });

  it('does nothing once a user exists', async () => {
    await addUser(t.ctx, 'vendor');
    expect(await ensureFirstAdmin(t.ctx)).toBeUndefined();
    expect(await t.ctx.models.User.countDocuments()).toBe(1);
  });

  it('refuses to invent credentials in production', async () => {
    t.ctx.config.admin = undefined;
    t.ctx.config.env = 'production';
    await expect(ensureFirstAdmin(t.ctx)).rejects.toThrow(/set ADMIN_EMAIL and ADMIN_PASSWORD/);
  });
});
