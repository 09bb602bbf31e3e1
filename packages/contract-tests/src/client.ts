import type { ExpectStatic } from 'vitest';
import type { EndpointDeclaration, Role } from '@crm/shared';

/**
 * What a contract case sees of a backend: the real API (apps/api/src/contract/contract.test.ts,
 * supertest on a real database) or the web tests' fake (apps/web/src/test/fake-api.contract.test.ts,
 * MSW in memory). Cases speak only through the contract's endpoints, so both answer the same.
 */

/** The status and the body: JSON parsed, a text file (CSV) as its text, any other file as its bytes. */
export type ContractAnswer = { status: number; body: unknown };
export type ContractCaller = {
  token: string;
  user: { _id: string; email: string };
  /** The password it signed in with. */
  password: string;
};
export type ContractRequest = {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  /** A body of bytes (an endpoint with `rawBody`, e.g. the profile photo) instead of JSON. */
  rawBody?: { bytes: Uint8Array; contentType: string };
};

/** What each backend provides to the cases. */
export type ContractClient = {
  /** A new user of `role` (fresh email), signed in through `auth.login`. */
  signIn(role: Role): Promise<ContractCaller>;
  /** A captcha payload the backend accepts once. */
  captcha(): Promise<string>;
  /**
   * The newest one-time link (reset, invitation, email change) the backend mailed to `email`,
   * as the absolute URL in the mail, or undefined when none was sent (issue 23).
   */
  lastLink(email: string): Promise<string | undefined>;
  /**
   * Issue 35: the backend's mail server refuses the next `count` mails, and the backend gives
   * each up at once (as after its last retry), so a request's mail shows "No enviado".
   */
  refuseMail(count: number): Promise<void>;
  /** Calls an endpoint, with a bearer token if given. */
  call(
    endpoint: EndpointDeclaration,
    request?: ContractRequest,
    token?: string,
  ): Promise<ContractAnswer>;
};

/**
 * One case. `expect` comes from the runner of the app that runs it: this package never imports
 * vitest at run time, so each app's own vitest instance does the asserting.
 */
export type ContractCase = {
  name: string;
  run: (client: ContractClient, expect: ExpectStatic) => Promise<void>;
};
