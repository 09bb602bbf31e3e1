import type { z } from 'zod';

// Test helpers and spec fixtures, for this package's tests and the API's (which read this file
// from source through `@crm/shared/test-utils`). Not part of index.ts: no app imports it.

/** The messages a schema gives for `input`, by field path (test helper). */
export function messagesByPath(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    (byPath[path] ??= []).push(issue.message);
  }
  return byPath;
}

/** Every string of `alphabet` up to `maxLength` characters. */
export function* allStrings(alphabet: string[], maxLength: number): Generator<string> {
  let layer = [''];
  yield '';
  for (let length = 1; length <= maxLength; length++) {
    layer = layer.flatMap((prefix) => alphabet.map((c) => prefix + c));
    yield* layer;
  }
}

/**
 * What the server fills in on a request staff create (§3 "not shown", docs/decisions.md "Server
 * defaults on create"), restated here from the spec on purpose: tests check the code's
 * `NEW_REQUEST_DEFAULTS` against this, so it must not be imported from there. The one restatement
 * for every test (this package's and the API's, through `@crm/shared/test-utils`).
 */
export const SPEC_NEW_REQUEST_DEFAULTS = {
  status: 'new request',
  priority: 'mid',
  sourceOfContact: 'vendor',
  vendor: null,
  notes: [],
  jobPosition: '',
  company: '',
  contactNumber: '',
  paymentMethod: 'unknown',
  bussinesItem: 'unknown',
  eventsQuantity: 0,
  pax: 0,
  amoutPaid: 0,
  emailSentToCloseEvents: 'pending',
  eventDate: null,
  version: 0,
  statusVersion: 0,
  nextActivity: null,
  expectedValue: null,
  outcome: null,
};

/** A request as the API returns it: a fresh one, as the server stored it. */
export const storedRequest = {
  _id: '0123456789abcdef01234567',
  requestNumber: 7,
  name: 'Luis',
  email: 'luis@example.com',
  message: 'Hola',
  requestType: 'otro',
  createdAt: '2026-11-22T10:00:00.000Z',
  // A new request enters its first stage when it is created.
  stageChangedAt: '2026-11-22T10:00:00.000Z',
  ...SPEC_NEW_REQUEST_DEFAULTS,
};

/**
 * Time zones on both sides of UTC, with and without DST, including ±12h+ and half-hour offsets:
 * the runtimes a date test runs under (TZ), so what it checks doesn't hold in one zone only.
 */
export const RUNTIME_ZONES = [
  'UTC',
  'America/Los_Angeles',
  'America/New_York',
  'America/Santiago',
  'Pacific/Pago_Pago',
  'Europe/Madrid',
  'Asia/Beirut',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Pacific/Kiritimati',
];
