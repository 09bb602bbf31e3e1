import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { addRequest, addUser, db } from '../../test/fake-api';
import { signIn } from '../../test/render';
import { server } from '../../test/server';
import { boardQueryOptions } from './get-board';
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

describe("the leads poll and the board's first read", () => {
  it('while the board is still being read, a poll waits for the next turn; then it asks from the position it kept, missing no lead', async () => {
    signIn(addUser({ role: 'vendor' }));
    const client = createQueryClient();
    const first = await client.fetchQuery({ ...recentLeadsQueryOptions(), staleTime: 0 });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/form-contact/board', async () => {
        await held;
      }),
    );
    const board = client.fetchQuery(boardQueryOptions({}));
    addRequest({ name: 'Lead Web', createdAt: new Date(Date.now() + 1000).toISOString() });

    const during = await client.fetchQuery({ ...recentLeadsQueryOptions(), staleTime: 0 });
    expect(during).toBe(first);
    expect(db.calls.filter((call) => call.path === POLL_PATH)).toHaveLength(1);

    release();
    await board;
    const after = await client.fetchQuery({ ...recentLeadsQueryOptions(), staleTime: 0 });
    expect(after.items.map((lead) => lead.name)).toEqual(['Lead Web']);
    expect(db.calls.filter((call) => call.path === POLL_PATH).at(-1)?.search).toBe(
      `?after=${first.cursor}`,
    );
  });
});
