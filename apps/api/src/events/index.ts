// The event log's door (issue 36): every change to the requests, in order, kept for a while;
// requests/ publishes into it, the live stream and webhooks read it.
export { appendEvents, type NewEvent } from './append.js';
export { eventsModels } from './event.model.js';
export { eventsRoutes } from './events.routes.js';
export { eventFeed, type EventFeed } from './feed.js';
export { eventsAfter, newestPosition, SETTLE_MS } from './read.js';
export { endStreams } from './stream.js';
