import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { requestSchema, type Request, type Role, type User } from '@crm/shared';
import { createApp } from '../app.js';
import { loadConfig, type AppConfig, type LoginThrottleConfig } from '../config/env.js';
import { createContext } from '../app-context.js';
import type { AppContext, Clock } from '../context.js';
import { connectDatabase } from '../db/connect.js';
import { createUser } from '../users/users.service.js';
import { testLogger, watchAnswers } from './log-scan.js';

export const PASSWORD = 'Secreto.123';

export type TestApp = { app: Express; ctx: AppContext; dbName: string; close: () => Promise<void> };

type Options = {
  /** Share another test app's database (a second API process on the same MongoDB). */
  dbName?: string;
  jwtSecret?: string;
  jwtTtl?: string;
  loginThrottle?: { [K in keyof LoginThrottleConfig]?: Partial<LoginThrottleConfig[K]> };
  /** Express `trust proxy`: `true` lets a test pose as several addresses via X-Forwarded-For. */
  trustProxy?: AppConfig['trustProxy'];
  webDir?: string;
  /** Another database server than the run's (e.g. one the test stops and restarts). */
  mongoUrl?: string;
  logger?: Logger;
  /** The app's clock (`ctx.clock`); or move this app's own with `vi.spyOn(t.ctx.clock, 'now')`. */
  clock?: Clock;
};

/**
 * The real app on a real database of its own. Pool size 1: FerretDB 1.x (our CI database)
 * does not make single-document updates atomic across connections; MongoDB does.
 */
export async function startTestApp(options: Options = {}): Promise<TestApp> {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BCRYPT_ROUNDS: '4',
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '40',
    // Issue 36: the webhook tests' receivers are on loopback; the SSRF tests turn this off.
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  const dbName = options.dbName ?? `test_${randomBytes(6).toString('hex')}`;
  const config: AppConfig & { jwtSecret: string } = {
    ...base,
    jwtSecret: options.jwtSecret ?? 'test-secret-that-is-long-enough-0123456789',
    jwtTtl: options.jwtTtl ?? '1h',
    webDir: options.webDir,
    trustProxy: options.trustProxy ?? base.trustProxy,
    loginThrottle: testLoginThrottle(base.loginThrottle, options.loginThrottle),
  };
  const connection: Connection = await connectDatabase(
    options.mongoUrl ?? inject('mongoUrl'),
    dbName,
    1,
  );
  // Every line, of every test app, is searched for the run's secrets afterwards (log-scan.ts).
  watchAnswers();
  const ctx = await createContext(
    connection,
    config,
    options.logger ?? testLogger(),
    options.clock,
  );
  const app = createApp(ctx);
  return {
    app,
    ctx,
    dbName,
    close: async () => {
      if (!options.dbName) await connection.dropDatabase();
      await connection.close();
    },
  };
}

/**
 * Starts the app before the tests of the file (or of the `describe` it is called in) and closes it
 * after them; `perTest` gives every test a fresh app and database instead. The answer reads the
 * running app at each use, so keep it in a `const` and use it inside hooks and tests.
 */
export function useTestApp(options: Options = {}, { perTest = false } = {}): TestApp {
  let current: TestApp | undefined;
  (perTest ? beforeEach : beforeAll)(async () => {
    current = await startTestApp(options);
  });
  (perTest ? afterEach : afterAll)(async () => {
    await current?.close();
    current = undefined;
  });
  const started = (): TestApp => {
    if (!current) throw new Error('The test app runs only inside hooks and tests');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get ctx() {
      return started().ctx;
    },
    get dbName() {
      return started().dbName;
    },
    close: () => started().close(),
  };
}

/** Generous by default so tests that sign in often are not slowed; throttle tests tighten it. */
function testLoginThrottle(
  base: LoginThrottleConfig,
  overrides: Options['loginThrottle'] = {},
): LoginThrottleConfig {
  const rule = (name: 'pair' | 'account' | 'address') => ({
    ...base[name],
    freeFailures: 1000,
    ...overrides[name],
  });
  return {
    pair: rule('pair'),
    account: rule('account'),
    address: rule('address'),
    windowMs: overrides.windowMs ?? base.windowMs,
    knownAddressMs: overrides.knownAddressMs ?? base.knownAddressMs,
  };
}

let counter = 0;
/** A user straight through the service (bcrypt with 4 rounds in tests). */
export async function addUser(
  ctx: AppContext,
  role: Role,
  fields: Partial<{ name: string; lastName: string; email: string; password: string }> = {},
): Promise<User> {
  counter += 1;
  return createUser(ctx, {
    name: fields.name ?? `Name${counter}`,
    lastName: fields.lastName ?? `Last${counter}`,
    email: fields.email ?? `user${counter}.${randomBytes(3).toString('hex')}@example.com`,
    password: fields.password ?? PASSWORD,
    role,
    photo: '',
  });
}

/** Fetches a challenge and solves it as the browser widget would; returns the `altcha` field. */
export async function solvedCaptcha(app: Express): Promise<string> {
  const { body: challenge } = await request(app).get('/api/captcha/challenge').expect(200);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function login(
  app: Express,
  email: string,
  password = PASSWORD,
): Promise<request.Response> {
  return request(app)
    .post('/api/user/login')
    .send({ email, password, altcha: await solvedCaptcha(app) });
}

/** A token for a fresh user of `role` (or for `user`). */
export async function tokenFor(t: TestApp, role: Role): Promise<{ token: string; user: User }> {
  const user = await addUser(t.ctx, role);
  const res = await login(t.app, user.email);
  if (res.status !== 200)
    throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: (res.body as { token: string }).token, user };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export type SignedIn = { token: string; user: User };

/** One signed-in user of each role, for the permission tests of every endpoint. */
export async function signInEachRole(
  t: TestApp,
): Promise<{ admin: SignedIn; vendor: SignedIn; driver: SignedIn }> {
  return {
    admin: await tokenFor(t, 'system admin'),
    vendor: await tokenFor(t, 'vendor'),
    driver: await tokenFor(t, 'driver'),
  };
}

type Roles = { admin: SignedIn; vendor: SignedIn; driver: SignedIn };

/**
 * `signInEachRole` once `t` (from `useTestApp`) has started. Like `t`, each answer reads its
 * user at each use, so it can be destructured at the top of the file.
 */
export function useSignedInRoles(t: TestApp): Roles {
  let roles: Roles | undefined;
  beforeAll(async () => {
    roles = await signInEachRole(t);
  });
  const role = (name: keyof Roles): SignedIn => {
    const signedIn = () => {
      if (!roles) throw new Error('The roles sign in only before the tests');
      return roles[name];
    };
    return {
      get token() {
        return signedIn().token;
      },
      get user() {
        return signedIn().user;
      },
    };
  };
  return { admin: role('admin'), vendor: role('vendor'), driver: role('driver') };
}

/** POST /api/form-contact/crm-create as `token`; expects 201 and answers the parsed request. */
export async function createRequest(
  t: TestApp,
  token: string,
  body: object = {
    name: 'Lucía',
    email: 'lucia@example.com',
    requestType: 'otro',
    message: 'Hola',
  },
): Promise<Request> {
  const res = await request(t.app)
    .post('/api/form-contact/crm-create')
    .set(bearer(token))
    .send(body);
  expect(res.status).toBe(201);
  return requestSchema.parse(res.body);
}

/** A well-formed ObjectId that no document has. */
export const UNKNOWN_ID = '0123456789abcdef01234567';
