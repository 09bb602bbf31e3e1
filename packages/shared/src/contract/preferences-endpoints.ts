import {
  calendarFeedSchema,
  preferencesSchema,
  updatePreferencesBodySchema,
} from '../preferences.js';
import { defineEndpoint } from './define.js';

/*
 * The caller's own preferences (issue 20): time zone, reminder emails, calendar feed.
 *
 * The `preferences` endpoints (issue 34): one export per endpoint, named as in `api.preferences`.
 * The web app names them through the namespace `preferencesApi` (`preferencesApi.<name>`), so a
 * page carries only those it calls; endpoints.ts lists them in the API's route order.
 */
export const get = defineEndpoint({
  id: 'preferences.get',
  method: 'get',
  path: '/api/me/preferences',
  tag: 'settings',
  access: 'signed-in',
  status: 200,
  response: preferencesSchema,
});

export const update = defineEndpoint({
  id: 'preferences.update',
  method: 'patch',
  path: '/api/me/preferences',
  tag: 'settings',
  access: 'signed-in',
  body: updatePreferencesBodySchema,
  status: 200,
  response: preferencesSchema,
});

export const createCalendarFeed = defineEndpoint({
  id: 'preferences.createCalendarFeed',
  method: 'post',
  path: '/api/me/calendar-feed',
  tag: 'settings',
  access: 'signed-in',
  sessionOnly: true,
  status: 201,
  response: calendarFeedSchema,
});

export const revokeCalendarFeed = defineEndpoint({
  id: 'preferences.revokeCalendarFeed',
  method: 'delete',
  path: '/api/me/calendar-feed',
  tag: 'settings',
  access: 'signed-in',
  sessionOnly: true,
  status: 200,
  response: preferencesSchema,
});
