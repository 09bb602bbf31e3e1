import { delay, http, HttpResponse } from 'msw';
import { API_MESSAGES } from '@crm/shared';
import { server } from './server';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type Outage = {
  /** Calls answered by the outage so far. */
  readonly calls: number;
  /** The server answers again: later calls reach the fake API. */
  end: () => void;
};

/**
 * From now on in the test, `method path` finds the server away: the API's 503 while its database
 * is unreachable (its message and Retry-After), or no answer at all (`network`), until `end()`;
 * each failure `latencyMs` late, to see the attempt under way.
 * (db.failures fails only the next call; an outage lasts through every retry.)
 */
export function startOutage(
  method: Method,
  path: string,
  { kind = 'database', latencyMs = 0 }: { kind?: 'database' | 'network'; latencyMs?: number } = {},
): Outage {
  let down = true;
  let calls = 0;
  server.use(
    http[method](path, async () => {
      if (!down) return undefined; // on to the fake API
      calls += 1;
      if (latencyMs) await delay(latencyMs);
      if (kind === 'network') return HttpResponse.error();
      return HttpResponse.json(
        { message: API_MESSAGES.databaseUnavailable },
        { status: 503, headers: { 'Retry-After': '5' } },
      );
    }),
  );
  return {
    get calls() {
      return calls;
    },
    end: () => {
      down = false;
    },
  };
}
