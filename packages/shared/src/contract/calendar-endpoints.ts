import { z } from 'zod';
import { API_MESSAGES } from '../messages.js';
import { calendarFeedParamsSchema } from '../preferences.js';
import { defineEndpoint } from './define.js';

/*
 * The calendar feed (issue 20): what Google Calendar or Outlook subscribe to, by its secret.
 *
 * The `calendar` endpoints: one export per endpoint, named as in `api.calendar`; the web
 * app imports them as `calendarApi.<name>`, each page carrying only those it calls. The
 * order here is the API's route order and the OpenAPI document's (endpoints.ts lists it).
 */
export const feed = defineEndpoint({
  id: 'calendar.feed',
  method: 'get',
  path: '/api/calendar/:secret.ics',
  tag: 'settings',
  access: 'public',
  params: calendarFeedParamsSchema,
  status: 200,
  response: /*#__PURE__*/ z.string(),
  responseMediaType: 'text/calendar',
  errors: { 404: API_MESSAGES.routeNotFound },
});
