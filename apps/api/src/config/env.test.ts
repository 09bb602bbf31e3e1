import { describe, expect, it } from 'vitest';
import { systemTimeZone } from '@crm/shared';
import { loadConfig } from './env.js';

describe('loadConfig', () => {
  it('has working defaults for a first run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 4000,
      jwtTtl: '8h',
      mongoUrl: undefined,
      admin: undefined,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8081',
      MONGO_URL: 'mongodb://db:27017/',
      JWT_SECRET: 's',
      JWT_TTL: '30m',
      CORS_ORIGIN: 'https://crm.example.com, https://admin.example.com',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'Secreto.1',
    });
    expect(config).toMatchObject({
      port: 8081,
      mongoUrl: 'mongodb://db:27017/',
      jwtSecret: 's',
      jwtTtl: '30m',
      corsOrigins: ['https://crm.example.com', 'https://admin.example.com'],
      admin: { email: 'boss@example.com', password: 'Secreto.1' },
    });
  });

  it('refuses to start in production without a strong JWT_SECRET', () => {
    const base = { NODE_ENV: 'production', MONGO_URL: 'mongodb://db:27017/' };
    expect(() => loadConfig(base)).toThrow(/JWT_SECRET: production needs a strong JWT_SECRET/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({ ...base, JWT_SECRET: 'change-me-change-me-change-me-change-me' }),
    ).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'a'.repeat(64) })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ ...base, JWT_SECRET: 'q8Vn2LxT0pWz4Rk7Ys1Ud9Hc3Gb6Fa5Je-_Mo' }).env).toBe(
      'production',
    );
  });

  it('refuses an admin password that breaks the password rule, or half an admin', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'weak' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /set ADMIN_EMAIL and ADMIN_PASSWORD together/,
    );
  });

  it('names the variable in a clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', MONGO_URL: 'postgres://x' })).toThrow(
      /PORT:.*\n.*MONGO_URL: must be a mongodb:\/\/ URL/,
    );
  });
});

describe('loadConfig: website leads (issue 13)', () => {
  it('sends no mail, grants no other origin and polls every 15 s by default', () => {
    const config = loadConfig({});
    expect(config.mail).toMatchObject({ smtpUrl: undefined, from: 'CRM <no-reply@crm.local>' });
    expect(config.leads).toMatchObject({
      publicOrigins: [],
      pollAfterMs: 15_000,
      perAddress: { max: 5, windowMs: 600_000 },
      overall: { max: 100, windowMs: 600_000 },
      maxBodyBytes: 65_536,
    });
  });

  it('reads SMTP_URL, MAIL_FROM, PUBLIC_FORM_ORIGINS and LEADS_POLL_SECONDS', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Ventas <ventas@example.com>',
      PUBLIC_FORM_ORIGINS: 'https://www.example.com, http://localhost:8080',
      LEADS_POLL_SECONDS: '2',
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'Ventas <ventas@example.com>',
    });
    expect(config.leads.publicOrigins).toEqual([
      'https://www.example.com',
      'http://localhost:8080',
    ]);
    expect(config.leads.pollAfterMs).toBe(2000);
  });

  it('refuses a non-SMTP URL, an origin with a path and a poll over 30 s, naming each', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ PUBLIC_FORM_ORIGINS: 'https://www.example.com/contact' })).toThrow(
      /PUBLIC_FORM_ORIGINS: use origins/,
    );
    expect(() => loadConfig({ LEADS_POLL_SECONDS: '60' })).toThrow(/LEADS_POLL_SECONDS/);
  });
});

describe('loadConfig: the public surface (issue 18)', () => {
  const production = {
    NODE_ENV: 'production',
    MONGO_URL: 'mongodb://db:27017/',
    JWT_SECRET: 'q8Vn2LxT0pWz4Rk7Ys1Ud9Hc3Gb6Fa5Je-_Mo',
  };

  it('when production has no CORS_ORIGIN, then no other origin is granted (not even localhost)', () => {
    expect(loadConfig(production).corsOrigins).toEqual([]);
    expect(loadConfig({ ...production, CORS_ORIGIN: '' }).corsOrigins).toEqual([]);
    expect(
      loadConfig({ ...production, CORS_ORIGIN: 'https://crm.example.com' }).corsOrigins,
    ).toEqual(['https://crm.example.com']);
  });

  it('when development has no CORS_ORIGIN, then the Vite dev server and npm start origins are granted', () => {
    expect(loadConfig({}).corsOrigins).toEqual(['http://localhost:5173', 'http://localhost:4000']);
  });

  it('when nothing is set, then headers must arrive within 10 s, a request within 30 s, and one address may hold 50 connections', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      maxConnectionsPerAddress: 50,
    });
  });

  it('reads MAX_CONNECTIONS_PER_ADDRESS (0 turns the cap off) and refuses a negative one', () => {
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).http.maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '200' }).http.maxConnectionsPerAddress).toBe(
      200,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });

  it('has the form’s busy mark below its overall limit, and one confirmation per address a day', () => {
    const { leads } = loadConfig({});
    expect(leads.busyAbove).toBeLessThan(leads.overall.max);
    expect(leads.busyCaptchaFactor).toBeGreaterThan(1);
    expect(leads.confirmationWindowMs).toBe(24 * 60 * 60_000);
  });
});

describe('APP_TIME_ZONE (issue 20)', () => {
  it('when unset or empty, then activities are read in the server’s own zone', () => {
    const own = systemTimeZone();
    expect(loadConfig({}).timeZone).toBe(own);
    expect(loadConfig({ APP_TIME_ZONE: '' }).timeZone).toBe(own);
  });

  it('when set, then it is that zone; an unknown name stops the start', () => {
    expect(loadConfig({ APP_TIME_ZONE: 'America/Santiago' }).timeZone).toBe('America/Santiago');
    expect(() => loadConfig({ APP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/APP_TIME_ZONE/);
  });
});

describe('APP_CURRENCY (issue 21)', () => {
  it('when unset or empty, then expected values are in Chilean pesos', () => {
    expect(loadConfig({}).currency).toBe('CLP');
    expect(loadConfig({ APP_CURRENCY: '' }).currency).toBe('CLP');
  });

  it('when set, then it is that ISO 4217 code; an unknown one stops the start', () => {
    expect(loadConfig({ APP_CURRENCY: 'USD' }).currency).toBe('USD');
    expect(loadConfig({ APP_CURRENCY: 'eur' }).currency).toBe('EUR');
    expect(() => loadConfig({ APP_CURRENCY: 'XYZ' })).toThrow(/APP_CURRENCY/);
    expect(() => loadConfig({ APP_CURRENCY: 'pesos' })).toThrow(/APP_CURRENCY/);
  });
});

describe('AUDIT_RETENTION_DAYS (issue 32)', () => {
  it('when unset or empty, then audit entries are kept a year', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '' }).auditRetentionDays).toBe(365);
  });

  it('when set, then that many days; a number that is no whole day count stops the start', () => {
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '1.5' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'un año' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe('EVENTS_RETENTION_DAYS (issue 36)', () => {
  it('when unset or empty, then events are kept 30 days; set, that many; not a day count stops the start', () => {
    expect(loadConfig({}).eventsRetentionDays).toBe(30);
    expect(loadConfig({ EVENTS_RETENTION_DAYS: '' }).eventsRetentionDays).toBe(30);
    expect(loadConfig({ EVENTS_RETENTION_DAYS: '7' }).eventsRetentionDays).toBe(7);
    expect(() => loadConfig({ EVENTS_RETENTION_DAYS: '0' })).toThrow(/EVENTS_RETENTION_DAYS/);
    expect(() => loadConfig({ EVENTS_RETENTION_DAYS: 'un mes' })).toThrow(/EVENTS_RETENTION_DAYS/);
  });
});
