import { endpoints, type EndpointDeclaration } from '@crm/shared';
import type { ContractClient } from './client.js';

/** Wraps a backend's client to note each endpoint that answered its declared success status. */
export function recordingClient(client: ContractClient): {
  client: ContractClient;
  succeeded: ReadonlySet<string>;
} {
  const succeeded = new Set<string>();
  return {
    succeeded,
    client: {
      ...client,
      async call(endpoint, request, token) {
        const answer = await client.call(endpoint, request, token);
        if (answer.status === endpoint.status) succeeded.add(endpoint.id);
        return answer;
      },
    },
  };
}

/**
 * The endpoints the suite leaves alone, and why: none of them is answered by the web tests'
 * fake but those in `fakedOutsideTheSuite` (the web contract test checks that this list, less
 * those, is exactly what the fake lacks), so a screen test never leans on them. Every other endpoint, reads included, must answer its success in some
 * case on both backends (issue 34): the fake can't claim a read the API doesn't give.
 */
export const outsideTheSuite: Readonly<Record<string, string>> = {
  'operations.health': 'operations, no screen reads it',
  'operations.ready': 'operations, no screen reads it',
  'docs.openApiDocument': 'the API document, apps/api tests it',
  'docs.page': 'the API document, apps/api tests it',
  'captcha.challenge': 'the real widget, exercised in Chromium (the fake uses a checkbox)',
  'calendar.feed': 'an iCalendar feed for calendar apps, no screen reads it',
  'events.stream':
    'a stream that never ends: apps/api/src/events and the web’s live tests read it, each on its own',
};
// Before issue 34 only the endpoints that change data were held to this (issue 19).

/**
 * Of those, the ones the web tests' fake answers all the same, for screen tests of their own: the
 * live stream (issue 36), which the web's live tests push events through.
 */
export const fakedOutsideTheSuite: ReadonlySet<string> = new Set(['events.stream']);

/** The endpoints every backend must answer with their success somewhere in the suite. */
export const exercisedEndpoints: readonly EndpointDeclaration[] = endpoints.filter(
  (endpoint) => !(endpoint.id in outsideTheSuite),
);

/** The ids of the endpoints the suite must exercise that never answered their success. */
export const unexercised = (succeeded: ReadonlySet<string>): string[] =>
  exercisedEndpoints.filter((endpoint) => !succeeded.has(endpoint.id)).map(({ id }) => id);

/** The ids of the declared endpoints a backend's routes answer (a route: method and path). */
export const answeredBy = (routes: readonly { method: unknown; path: unknown }[]): string[] =>
  endpoints
    .filter((endpoint) =>
      routes.some(
        (route) =>
          String(route.method).toLowerCase() === endpoint.method && route.path === endpoint.path,
      ),
    )
    .map(({ id }) => id);
