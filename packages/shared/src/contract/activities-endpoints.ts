import {
  agendaPageSchema,
  agendaQuerySchema,
  dueCountQuerySchema,
  dueCountSchema,
  unreadMailListSchema,
  unreadMailQuerySchema,
} from '../agenda.js';
import { API_MESSAGES } from '../messages.js';
import { requestIdParamsSchema } from '../request.js';
import {
  activityListSchema,
  activityParamsSchema,
  activitySchema,
  activityVersionBodySchema,
  addActivityBodySchema,
  changeActivityBodySchema,
  logActivityBodySchema,
} from '../activity.js';
import { MAX_ACTIVITIES_PER_REQUEST } from '../constants.js';
import { defineEndpoint } from './define.js';

/*
 * Activities on a request (issue 20): its next steps, kept inside the request document.
 *
 * The `activities` endpoints (issue 34): one export per endpoint, named as in `api.activities`. The
 * web app names them through the namespace `activitiesApi` (`activitiesApi.<name>`), so a page
 * carries only those it calls; endpoints.ts lists them in the API's route order.
 */
export const list = defineEndpoint({
  id: 'activities.list',
  method: 'get',
  path: '/api/form-contact/:id/activities',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  status: 200,
  response: activityListSchema,
  errors: { 404: API_MESSAGES.requestNotFound },
});

export const add = defineEndpoint({
  id: 'activities.add',
  method: 'post',
  path: '/api/form-contact/:id/activities',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  body: addActivityBodySchema,
  status: 201,
  response: activitySchema,
  errors: {
    400: `A field's rule (named in \`errors\`), an unknown owner (field \`ownerId\`), or ${MAX_ACTIVITIES_PER_REQUEST} activities already`,
    404: API_MESSAGES.requestNotFound,
  },
});

export const log = defineEndpoint({
  id: 'activities.log',
  method: 'post',
  path: '/api/form-contact/:id/activities/done',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  body: logActivityBodySchema,
  status: 201,
  response: activitySchema,
  errors: {
    400: `A field's rule (named in \`errors\`), or ${MAX_ACTIVITIES_PER_REQUEST} activities already`,
    404: API_MESSAGES.requestNotFound,
  },
});

export const change = defineEndpoint({
  id: 'activities.change',
  method: 'patch',
  path: '/api/form-contact/:id/activities/:activityId',
  tag: 'requests',
  access: 'signed-in',
  params: activityParamsSchema,
  body: changeActivityBodySchema,
  status: 200,
  response: activitySchema,
  errors: {
    400: "A field's rule (named in `errors`), a `dueTime` without `dueDate`, or an unknown owner",
    404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.activityNotFound}`,
    409: `${API_MESSAGES.activityConflict}; \`current.activity\` is how it is now`,
  },
});

export const complete = defineEndpoint({
  id: 'activities.complete',
  method: 'post',
  path: '/api/form-contact/:id/activities/:activityId/complete',
  tag: 'requests',
  access: 'signed-in',
  params: activityParamsSchema,
  body: activityVersionBodySchema,
  status: 200,
  response: activitySchema,
  errors: {
    404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.activityNotFound}`,
    409: `${API_MESSAGES.activityAlreadyDone}, or: ${API_MESSAGES.activityConflict}; \`current.activity\` is how it is now`,
  },
});

export const reopen = defineEndpoint({
  id: 'activities.reopen',
  method: 'post',
  path: '/api/form-contact/:id/activities/:activityId/reopen',
  tag: 'requests',
  access: 'signed-in',
  params: activityParamsSchema,
  body: activityVersionBodySchema,
  status: 200,
  response: activitySchema,
  errors: {
    404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.activityNotFound}`,
    409: `${API_MESSAGES.activityNotDone}, or: ${API_MESSAGES.activityConflict}; \`current.activity\` is how it is now`,
  },
});

export const remove = defineEndpoint({
  id: 'activities.remove',
  method: 'delete',
  path: '/api/form-contact/:id/activities/:activityId',
  tag: 'requests',
  access: 'signed-in',
  params: activityParamsSchema,
  status: 200,
  response: activitySchema,
  errors: { 404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.activityNotFound}` },
});

export const agenda = defineEndpoint({
  id: 'activities.agenda',
  method: 'get',
  path: '/api/activities/agenda',
  tag: 'requests',
  access: 'signed-in',
  query: agendaQuerySchema,
  status: 200,
  response: agendaPageSchema,
  errors: { 400: 'A bad `owner`, `due`, `cursor` or `limit`, or an unknown parameter' },
});

export const dueCount = defineEndpoint({
  id: 'activities.dueCount',
  method: 'get',
  path: '/api/activities/due-count',
  tag: 'requests',
  access: 'signed-in',
  query: dueCountQuerySchema,
  status: 200,
  response: dueCountSchema,
  errors: { 400: 'A bad `owner`, or an unknown parameter' },
});

export const unreadMail = defineEndpoint({
  id: 'activities.unreadMail',
  method: 'get',
  path: '/api/activities/unread-mail',
  tag: 'requests',
  access: 'signed-in',
  query: unreadMailQuerySchema,
  status: 200,
  response: unreadMailListSchema,
  errors: { 400: 'A bad `owner`, or an unknown parameter' },
});
