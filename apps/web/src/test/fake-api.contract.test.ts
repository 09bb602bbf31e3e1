import { describe, expect, it } from 'vitest';
import {
  contractCases,
  recordingClient,
  unexercised,
  type ContractClient,
} from '@crm/contract-tests';
import { api, pathOf, type Role } from '@crm/shared';
import { addUser, lastLink, PASSWORD, SOLVED_CAPTCHA } from './fake-api';

// The contract suite (packages/contract-tests) against the fake the screens are tested with; the
// API runs the very same cases against a real database (apps/api/src/contract/contract.test.ts).
// A case that passes there and fails here means the fake claims behaviour the API lacks (or the
// reverse).

const url = (path: string) => new URL(path, window.location.origin).toString();

const fakeApi: ContractClient = {
  async signIn(role: Role) {
    const user = addUser({
      role,
      email: `${role.replace(' ', '-')}.${crypto.randomUUID()}@crm.test`,
    });
    const res = await fetch(url(pathOf(api.auth.login)), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD, altcha: SOLVED_CAPTCHA }),
    });
    const { token } = (await res.json()) as { token: string };
    // A copy, as the API's answer would be: the stored user changes (e.g. its email, issue 23).
    return { token, user: { _id: user._id, email: user.email }, password: PASSWORD };
  },
  captcha: () => Promise.resolve(SOLVED_CAPTCHA),
  // The fake's mail server records every mail it sends (fake-api.ts, accountMail).
  lastLink: (email) => Promise.resolve(lastLink(email)),
  async call(endpoint, { params, query, body, rawBody } = {}, token) {
    const search = query
      ? `?${new URLSearchParams(query as Record<string, string>).toString()}`
      : '';
    // A raw body (the photo) goes as its bytes with its own media type; any other as JSON.
    const headers: Record<string, string> = {
      'Content-Type': rawBody?.contentType ?? 'application/json',
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(url(pathOf(endpoint, params) + search), {
      method: endpoint.method.toUpperCase(),
      headers,
      body: rawBody
        ? new Uint8Array(rawBody.bytes)
        : body === undefined
          ? undefined
          : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  },
};
const { client, succeeded } = recordingClient(fakeApi);

describe('the web tests’ fake API meets the contract', () => {
  it.each(contractCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await contractCase.run(client, expect);
  });

  it('when every case has run, then every endpoint that changes data has answered its success', () => {
    expect(unexercised(succeeded)).toEqual([]);
  });
});
