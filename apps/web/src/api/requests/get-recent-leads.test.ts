import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { addUser, db } from '../../test/fake-api';
import { signIn } from '../../test/render';
import { recentLeadsQueryKey, recentLeadsQueryOptions } from './get-recent-leads';

const POLL_PATH = '/api/form-contact/website/recent';

describe("the board's poll for website leads", () => {
  it('when its position is one the API refuses (a cursor of an older form), then it starts again from now instead of failing on every poll', async () => {
    signIn(addUser({ role: 'vendor' }));
    const client = createQueryClient();
    // A cursor of the form before issue 18 (base64url JSON).
    const oldCursor = 'eyJjcmVhdGVkQXQiOiIyMDI2LTAxLTAxIn0';
    client.setQueryData(recentLeadsQueryKey(), { items: [], cursor: oldCursor, pollAfterMs: 100 });

    const answer = await client.fetchQuery({ ...recentLeadsQueryOptions(), staleTime: 0 });

    expect(answer.cursor).not.toBe(oldCursor);
    const polls = db.calls.filter((call) => call.path === POLL_PATH);
    expect(polls.map((call) => call.search)).toEqual([`?after=${oldCursor}`, undefined]);
  });
});
