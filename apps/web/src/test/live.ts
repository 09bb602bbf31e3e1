import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { pathOf, type EndpointDeclaration, type EndpointRequest } from '@crm/shared';
import { searchOf } from '../lib/api-client';
import { fakeEvents, tokenFor, type StoredUser } from './fake-api';

// Issue 36's live board in tests: another person's changes reach the tab under test through the
// fake's stream (fake-api/events.ts), made as that person would make them, through the API.

/** Once the tab under test follows the stream (an event before it would not reach it). */
export const streamOpen = () => waitFor(() => expect(fakeEvents.open.size).toBe(1));

/**
 * Calls the fake API as `person` (another browser: their session's token, not the one the tab
 * under test holds); answers the parsed JSON body.
 */
export async function callAs<E extends EndpointDeclaration>(
  person: Pick<StoredUser, '_id'>,
  endpoint: E,
  request: EndpointRequest<E>,
): Promise<unknown> {
  const response = await fetch(`${pathOf(endpoint, request.params)}${searchOf(request.query)}`, {
    method: endpoint.method.toUpperCase(),
    headers: {
      Authorization: `Bearer ${tokenFor(person)}`,
      ...(request.body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  expect(response.ok, `${endpoint.method} ${endpoint.path} as another person`).toBe(true);
  return response.json();
}

/** The calls that read the board or a request: none may follow an event that carries it. */
export const boardReads = <C extends { method: string; path: string }>(calls: readonly C[]) =>
  calls.filter(
    ({ method, path }) =>
      method === 'GET' && /^\/api\/form-contact(\/board|\/[0-9a-f]{24})?$/.test(path),
  );
