import { z } from 'zod';
import { eventsPageSchema, eventsQuerySchema } from '../events.js';
import { defineEndpoint } from './define.js';

/*
 * The event log (issue 36): every change to the requests, in order, for a script to page through
 * and for signed-in browsers to follow live. Any signed-in role (they all see every request),
 * by a session or an API token of either scope.
 *
 * The `events` endpoints: one export per endpoint, named as in `api.events`.
 */
export const list = defineEndpoint({
  id: 'events.list',
  method: 'get',
  path: '/api/events',
  tag: 'requests',
  access: 'signed-in',
  query: eventsQuerySchema,
  status: 200,
  response: eventsPageSchema,
});

export const stream = defineEndpoint({
  id: 'events.stream',
  method: 'get',
  path: '/api/events/stream',
  tag: 'requests',
  access: 'signed-in',
  status: 200,
  response: z.string(),
  responseMediaType: 'text/event-stream',
});
