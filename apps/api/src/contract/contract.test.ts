import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  contractCases,
  recordingClient,
  unexercised,
  type ContractClient,
} from '@crm/contract-tests';
import { api, pathOf, type Role } from '@crm/shared';
import { addUser, solvedCaptcha, useTestApp } from '../test/test-app.js';

// The contract suite (packages/contract-tests) against the real API and a real database; the web
// tests run the very same cases against their fake (apps/web/src/test/fake-api.contract.test.ts).

const t = useTestApp();

const PASSWORD = 'Contrato.123';

const realApi: ContractClient = {
  async signIn(role: Role) {
    const user = await addUser(t.ctx, role, { password: PASSWORD });
    const res = await request(t.app)
      .post(pathOf(api.auth.login))
      .send({ email: user.email, password: PASSWORD, altcha: await solvedCaptcha(t.app) });
    return { token: (res.body as { token: string }).token, user, password: PASSWORD };
  },
  captcha: () => solvedCaptcha(t.app),
  async call(endpoint, { params, query, body } = {}, token) {
    let call = request(t.app)[endpoint.method](pathOf(endpoint, params));
    if (token) call = call.set('Authorization', `Bearer ${token}`);
    if (query) call = call.query(query);
    const res = body === undefined ? await call : await call.send(body as object);
    return { status: res.status, body: res.body as unknown };
  },
};
const { client, succeeded } = recordingClient(realApi);

describe('the API meets the contract', () => {
  it.each(contractCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await contractCase.run(client, expect);
  });

  it('when every case has run, then every endpoint that changes data has answered its success', () => {
    expect(unexercised(succeeded)).toEqual([]);
  });
});
