import { z } from 'zod';
import {
  API_TOKEN_CALLS_PER_MINUTE,
  AUDIT_RETENTION_DAYS_DEFAULT,
  EVENTS_RETENTION_DAYS,
  PASSWORD_PATTERN,
  isTimeZone,
  systemTimeZone,
} from '@crm/shared';
import { DEFAULT_LEADS, type LeadsConfig } from './leads-config.js';
import { DEFAULT_MAIL_RETRY_DELAYS_MS, type MailConfig } from './mail-config.js';
import { DEFAULT_INBOX, replyAddressOf, type InboxConfig } from './inbox-config.js';
import { DEFAULT_WEBHOOKS, type WebhooksConfig } from './webhooks-config.js';

/** The only module that reads process.env: everything else receives an AppConfig. */

const DEV_JWT_SECRET_HINT = 'change-me';
/** APP_CURRENCY unset: Chilean pesos, the product's first market. */
const DEFAULT_CURRENCY = 'CLP';
/** An ISO 4217 code this runtime's Intl knows, so the web can format amounts in it. */
const isCurrency = (code: string) =>
  /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
/** `https://www.example.com` or `http://localhost:8080`: scheme, host, optional port, no path. */
const isOrigin = (value: string) => /^https?:\/\/[^\s/?#]+$/.test(value);
/** A comma-separated list of origins, trimmed, empty entries dropped. */
const originList = (list: string) =>
  list
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
const duration = z
  .string()
  .regex(/^\d+(ms|s|m|h|d)?$/, 'use a number of seconds or a duration such as 30m, 8h, 7d');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    MONGO_URL: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL')
      .optional(),
    MONGO_DB_NAME: z.string().min(1).default('crm'),
    MONGO_MAX_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    JWT_SECRET: z.string().min(1).optional(),
    JWT_TTL: duration.default('8h'),
    // Unset: the development origins below outside production, none in production.
    CORS_ORIGIN: z.string().optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z
      .string()
      .regex(
        PASSWORD_PATTERN,
        'must follow the password rule: 8+ characters, a lowercase and an uppercase letter, one of .-#$!',
      )
      .optional(),
    DATA_DIR: z.string().default('.data'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
    API_TOKEN_CALLS_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(API_TOKEN_CALLS_PER_MINUTE),
    CAPTCHA_COST: z.coerce.number().int().min(1).default(1000),
    CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(2).default(4000),
    TRUST_PROXY: z.string().optional(),
    WEB_DIR: z.string().min(1).optional(),
    // Website leads (issue 13): leads-config.ts.
    // Empty means unset (docker compose passes `${SMTP_URL:-}`).
    SMTP_URL: z
      .string()
      .regex(/^(smtps?:\/\/[^\s]+)?$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('CRM <no-reply@crm.local>'),
    // The shared sales mailbox (issue 35): inbox-config.ts. Empty means unset.
    IMAP_URL: z
      .string()
      .regex(
        /^(imaps?:\/\/[^\s@]+@[^\s]+)?$/,
        'must be an imap:// or imaps:// URL with the mailbox user',
      )
      .optional(),
    IMAP_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
    MAIL_REPLY_TO: z
      .string()
      .regex(/^([^\s@<>,]+@[^\s@<>,]+)?$/, 'must be one email address')
      .optional(),
    PUBLIC_FORM_ORIGINS: z
      .string()
      .default('')
      .refine(
        (list) => originList(list).every(isOrigin),
        'use origins such as https://www.example.com, comma-separated (no path, no trailing slash)',
      ),
    LEADS_POLL_SECONDS: z.coerce.number().int().min(1).max(30).default(15),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(50),
    // Activities (issue 20): the zone their due days and times are read in. Empty means unset.
    APP_TIME_ZONE: z
      .string()
      .optional()
      .refine(
        (zone) => !zone || isTimeZone(zone),
        'must be an IANA time zone such as America/Santiago or Europe/Madrid',
      ),
    // Value and outcomes (issue 21): the currency of expected values. Empty means unset (CLP).
    APP_CURRENCY: z
      .string()
      .optional()
      .transform((code) => code?.trim().toUpperCase() || DEFAULT_CURRENCY)
      .refine(isCurrency, 'must be an ISO 4217 currency code such as CLP, USD or EUR'),
    // The audit log (issue 32): days an entry is kept. Empty means unset (365).
    AUDIT_RETENTION_DAYS: z
      .string()
      .optional()
      .transform((days) => (days?.trim() ? Number(days) : AUDIT_RETENTION_DAYS_DEFAULT))
      .refine(
        (days) => Number.isInteger(days) && days >= 1 && days <= 3650,
        'must be a whole number of days from 1 to 3650',
      ),
    // The event log (issue 36): days an event is kept. Empty means unset (30).
    EVENTS_RETENTION_DAYS: z
      .string()
      .optional()
      .transform((days) => (days?.trim() ? Number(days) : EVENTS_RETENTION_DAYS))
      .refine(
        (days) => Number.isInteger(days) && days >= 1 && days <= 3650,
        'must be a whole number of days from 1 to 3650',
      ),
    // Webhooks (issue 36): endpoints on loopback, private or metadata addresses only when 'true'.
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(['true', 'false', ''], { error: 'must be true or false' })
      .optional(),
    // The product's public address (issue 20): links in reminder emails and the calendar feed's
    // address. Empty means unset: the feed's address is then read from the request's own origin,
    // and emails link to http://localhost:<PORT>.
    APP_URL: z
      .string()
      .optional()
      .transform((url) => url?.replace(/\/+$/, '') || undefined)
      .refine(
        (url) => !url || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(url),
        "must be the product's address, such as https://crm.example.com",
      ),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together',
      });
    }
    if (env.NODE_ENV === 'production') {
      const secret = env.JWT_SECRET ?? '';
      const weak =
        secret.length < 32 || secret.includes(DEV_JWT_SECRET_HINT) || new Set(secret).size < 10;
      if (weak) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message:
            'production needs a strong JWT_SECRET: at least 32 random characters (openssl rand -base64 48)',
        });
      }
      if (!env.MONGO_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['MONGO_URL'],
          message: 'production needs MONGO_URL',
        });
      }
    }
  });

/**
 * One brake of the sign-in throttle: `freeFailures` counted failures pass at once; past them each
 * further failure must wait twice as long as the one before, from `firstDelayMs` up to `maxDelayMs`.
 * Waits are counted from the key's first remembered failure, so unused waiting time carries over.
 */
export type ThrottleRule = {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
};

export type LoginThrottleConfig = {
  /** One email from one address: the strictest brake, and the only one a known address meets. */
  pair: ThrottleRule;
  /** One email from every address that has not signed in to it lately: short waits only. */
  account: ThrottleRule;
  /** One address over every email it has not signed in to lately: short waits only. */
  address: ThrottleRule;
  /** A key's failures are forgotten once it has had no attempt for this long. */
  windowMs: number;
  /** After a successful sign-in, how long that address counts as known for that email. */
  knownAddressMs: number;
};

/**
 * The HTTP server's own limits (operations/http-server.ts). Node's defaults wait 60 s for a
 * request's headers and 300 s for the whole request, so forty slow sockets could be held for
 * minutes (issue 18). Every request of this API is small (2 MB at most, the form 64 KB): 10 s
 * for the headers and 30 s for the whole request leave a slow mobile link room (2 MB in 30 s is
 * 70 KB/s) and cut a slowloris in seconds. They are constants; tests pass smaller ones.
 */
export type HttpServerConfig = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /**
   * MAX_CONNECTIONS_PER_ADDRESS: open connections one client address may hold (an IPv6 address
   * by its /64), 0 = no cap. Applies only to clients the API faces directly: connections from a
   * trusted proxy (TRUST_PROXY, nginx in compose) are the proxy's, which caps its own clients.
   * 50: a browser opens at most 6 per host, so an office of eight behind one address fits.
   */
  maxConnectionsPerAddress: number;
};

const DEFAULT_HTTP_TIMEOUTS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 };

/** What CORS_ORIGIN grants when unset outside production: Vite's dev server and `npm start`. */
const DEV_CORS_ORIGINS = 'http://localhost:5173,http://localhost:4000';

export type AppConfig = {
  env: 'development' | 'test' | 'production';
  port: number;
  mongoUrl: string | undefined;
  mongoDbName: string;
  /** 1 on FerretDB 1.x, whose SQLite backend does not make $inc atomic across connections. */
  mongoMaxPoolSize: number;
  /** Undefined outside production means: generate one and keep it in dataDir. */
  jwtSecret: string | undefined;
  jwtTtl: string;
  corsOrigins: string[];
  admin: { email: string; password: string } | undefined;
  dataDir: string;
  logLevel: string;
  bcryptRounds: number;
  /** Issue 36: calls a minute one API token may make in one process (429 past it). */
  apiTokenCallsPerMinute: number;
  captcha: { cost: number; maxCounter: number; ttlMs: number };
  loginThrottle: LoginThrottleConfig;
  trustProxy: string | boolean;
  /** The built web app (apps/web/dist) to serve on the same port, with SPA fallback. */
  webDir: string | undefined;
  leads: LeadsConfig;
  mail: MailConfig;
  inbox: InboxConfig;
  http: HttpServerConfig;
  /**
   * APP_TIME_ZONE: the IANA zone an activity's due day and time are read in (its `dueAt`);
   * unset, the server's own zone.
   */
  timeZone: string;
  /**
   * APP_URL without a trailing slash: where people open the product (links in reminder emails,
   * the calendar feed's address). Undefined: the feed uses the request's origin, emails
   * http://localhost:<port>.
   */
  appUrl: string | undefined;
  /** APP_CURRENCY: the ISO 4217 code expected values are in (issue 21); default CLP. */
  currency: string;
  /** AUDIT_RETENTION_DAYS: how long an audit entry is kept (issue 32); default 365. */
  auditRetentionDays: number;
  /** Webhooks' deliveries (issue 36): WEBHOOK_ALLOW_PRIVATE and their times. */
  webhooks: WebhooksConfig;
  /**
   * EVENTS_RETENTION_DAYS: how long an event of the log is kept (issue 36); default 30. A stream
   * or a script resuming from an older position is told to reload.
   */
  eventsRetentionDays: number;
};

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleConfig = {
  pair: { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 15 * 60_000 },
  account: { freeFailures: 20, firstDelayMs: 1000, maxDelayMs: 60_000 },
  address: { freeFailures: 50, firstDelayMs: 1000, maxDelayMs: 60_000 },
  windowMs: 60 * 60_000,
  knownAddressMs: 30 * 24 * 60 * 60_000,
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    mongoUrl: e.MONGO_URL,
    mongoDbName: e.MONGO_DB_NAME,
    mongoMaxPoolSize: e.MONGO_MAX_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    jwtTtl: e.JWT_TTL,
    // Production grants no other origin unless told: the web app is served on the API's origin.
    corsOrigins: originList(e.CORS_ORIGIN ?? (e.NODE_ENV === 'production' ? '' : DEV_CORS_ORIGINS)),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    bcryptRounds: e.BCRYPT_ROUNDS,
    apiTokenCallsPerMinute: e.API_TOKEN_CALLS_PER_MINUTE,
    captcha: { cost: e.CAPTCHA_COST, maxCounter: e.CAPTCHA_MAX_COUNTER, ttlMs: 10 * 60_000 },
    loginThrottle: DEFAULT_LOGIN_THROTTLE,
    trustProxy:
      e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY,
    webDir: e.WEB_DIR,
    leads: {
      ...DEFAULT_LEADS,
      publicOrigins: originList(e.PUBLIC_FORM_ORIGINS),
      pollAfterMs: e.LEADS_POLL_SECONDS * 1000,
    },
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      from: e.MAIL_FROM,
      retryDelaysMs: DEFAULT_MAIL_RETRY_DELAYS_MS,
    },
    inbox: {
      ...DEFAULT_INBOX,
      imapUrl: e.IMAP_URL || undefined,
      pollMs: e.IMAP_POLL_SECONDS * 1000,
      replyTo: replyAddressOf(e.IMAP_URL || undefined, e.MAIL_REPLY_TO || undefined),
    },
    http: { ...DEFAULT_HTTP_TIMEOUTS, maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS },
    timeZone: e.APP_TIME_ZONE || systemTimeZone(),
    appUrl: e.APP_URL,
    currency: e.APP_CURRENCY,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    webhooks: { ...DEFAULT_WEBHOOKS, allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true' },
    eventsRetentionDays: e.EVENTS_RETENTION_DAYS,
  };
}
