import { describe, expect, it } from 'vitest';
import {
  answeredBy,
  contractCases,
  fakedOutsideTheSuite,
  outsideTheSuite,
  recordingClient,
  unexercised,
  type ContractClient,
} from '@crm/contract-tests';
import { api, endpoints, pathOf, type Role } from '@crm/shared';
import { addUser, fakeMail, lastLink, PASSWORD, routes, SOLVED_CAPTCHA } from './fake-api';

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
  refuseMail(count) {
    fakeMail.refuseNext = count;
    return Promise.resolve();
  },
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
    // A file (CSV, WebP) as its text or bytes, as the API's client reads it (apps/api/src/contract).
    const type = res.headers.get('Content-Type') ?? '';
    const answer: unknown = type.includes('json')
      ? await res.json()
      : type.startsWith('text/')
        ? // Its byte-order mark kept, as the bytes came (res.text() drops it).
          new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
        : new Uint8Array(await res.arrayBuffer());
    return { status: res.status, body: answer };
  },
};
const { client, succeeded } = recordingClient(fakeApi);

describe('the web tests’ fake API meets the contract', () => {
  it.each(contractCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await contractCase.run(client, expect);
  });

  it('when every case has run, then every endpoint the fake answers, reads included, has answered its success', () => {
    expect(unexercised(succeeded)).toEqual([]);
  });

  it('when the suite leaves an endpoint alone, then the fake doesn’t answer it (a faked endpoint has a case), unless its own tests need it (the live stream)', () => {
    const faked = answeredBy(routes);
    const unfaked = endpoints.map(({ id }) => id).filter((id) => !faked.includes(id));
    const leftAlone = Object.keys(outsideTheSuite).filter((id) => !fakedOutsideTheSuite.has(id));
    expect(unfaked.sort()).toEqual(leftAlone.sort());
    expect([...fakedOutsideTheSuite].filter((id) => !faked.includes(id))).toEqual([]);
  });
});
