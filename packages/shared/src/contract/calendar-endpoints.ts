import { z } from 'zod';
import { API_MESSAGES } from '../messages.js';
import { calendarFeedParamsSchema } from '../preferences.js';
import { defineEndpoint } from './define.js';

/*
 * The calendar feed (issue 20): what Google Calendar or Outlook subscribe to, by its secret.
 *
 * The `calendar` endpoints (issue 34): one export per endpoint, named as in `api.calendar`. The web
 * app names them through the namespace `calendarApi` (`calendarApi.<name>`), so a page carries only
 * those it calls; endpoints.ts lists them in the API's route order.
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
