import { describe, expect, it } from 'vitest';
import { API_MESSAGES, type DashboardQuery } from '@crm/shared';
import { ApiError } from '../../lib/api-client';
import { addUser } from '../../test/fake-api';
import { signIn } from '../../test/render';
import { getDashboard } from './get-dashboard';

/** The refusal a call ends with: its status, message and the fields it names. */
async function refusalOf(query: DashboardQuery) {
  const error = await getDashboard(query).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, message, fieldErrors } = error as ApiError;
  return { status, message, fields: fieldErrors.map((field) => field.path) };
}

describe('GET /api/dashboard through the client, against the fake', () => {
  it("when a system admin asks for the team, a user or themselves, then it answers that one's figures", async () => {
    const admin = addUser({ role: 'system admin' });
    const bea = addUser({ role: 'vendor' });
    signIn(admin);
    expect((await getDashboard({})).vendor).toBeNull();
    expect((await getDashboard({ vendor: bea._id })).vendor).toBe(bea._id);
    expect((await getDashboard({ vendor: 'me' })).vendor).toBe(admin._id);
  });

  it('when a vendor asks, then they get their own figures and no team', async () => {
    const bea = addUser({ role: 'vendor' });
    signIn(bea);
    const own = await getDashboard({ period: 'week' });
    expect(own.vendor).toBe(bea._id);
    expect(own.team).toBeNull();
    expect((await getDashboard({ vendor: bea._id })).vendor).toBe(bea._id);
  });

  it("when a vendor or a driver asks for the team's or someone else's figures, then it is a 403", async () => {
    const ana = addUser({ role: 'vendor' });
    const carlos = addUser({ role: 'driver' });
    signIn(carlos);
    expect((await refusalOf({ vendor: 'all' })).status).toBe(403);
    expect((await refusalOf({ vendor: ana._id })).status).toBe(403);
  });

  it('when the period or the executive is bad, then it is a 400 naming the parameter', async () => {
    signIn(addUser({ role: 'system admin' }));
    expect(await refusalOf({ vendor: '0123456789abcdef01234567' })).toEqual({
      status: 400,
      message: API_MESSAGES.unknownExecutive,
      fields: ['vendor'],
    });
    expect(
      (await refusalOf({ period: 'custom', from: '2026-11-10', to: '2026-11-01' })).fields,
    ).toEqual(['to']);
    expect(
      (await refusalOf({ period: 'custom', from: '2024-01-01', to: '2026-11-01' })).fields,
    ).toEqual(['to']);
    expect(
      (await refusalOf({ period: 'custom', from: '2026-13-45', to: '2026-11-01' })).fields,
    ).toEqual(['from']);
    expect((await refusalOf({ period: 'month', from: '2026-11-01' })).fields).toEqual(['from']);
    expect((await refusalOf({ period: 'year' as 'month' })).fields).toEqual(['period']);
  });
});
