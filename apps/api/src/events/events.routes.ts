import type { Router } from 'express';
import { api, EVENTS_PAGE_SIZE } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { eventsAfter } from './read.js';
import { streamHandler } from './stream.js';

/** The event log (issue 36): a page for scripts, the live stream for browsers. */
export function eventsRoutes(ctx: AppContext): Router {
  return implement(ctx, api.events, {
    list: ({ query }) => eventsAfter(ctx, query.after ?? 0, query.limit ?? EVENTS_PAGE_SIZE),
    // Answers by itself, for as long as the client listens.
    stream: { raw: [streamHandler(ctx)] },
  });
}
