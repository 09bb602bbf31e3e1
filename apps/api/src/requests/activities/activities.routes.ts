import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../auth/index.js';
import { implement } from '../../http/endpoint.js';
import {
  addActivity,
  changeActivity,
  deleteActivity,
  listActivities,
  logActivity,
  setActivityDone,
} from './activities.service.js';
import { getAgenda, getDueCount, getUnreadMail } from '../agenda/agenda.service.js';

/** A request's activities, and anyone's agenda and bell (issue 20): any signed-in role, as with notes. */
export function activitiesRoutes(ctx: AppContext): Router {
  return implement(ctx, api.activities, {
    list: ({ params }) => listActivities(ctx, params.id),
    add: ({ params, body }, req) => addActivity(ctx, params.id, body, currentUser(req)),
    log: ({ params, body }, req) => logActivity(ctx, params.id, body, currentUser(req)),
    change: ({ params, body }, req) =>
      changeActivity(ctx, params.id, params.activityId, body, currentUser(req)),
    complete: ({ params, body }, req) =>
      setActivityDone(ctx, params.id, params.activityId, body, true, currentUser(req).userId),
    reopen: ({ params, body }, req) =>
      setActivityDone(ctx, params.id, params.activityId, body, false, currentUser(req).userId),
    remove: ({ params }, req) =>
      deleteActivity(ctx, params.id, params.activityId, currentUser(req).userId),
    agenda: ({ query }, req) => getAgenda(ctx, query, currentUser(req)),
    dueCount: ({ query }, req) => getDueCount(ctx, query, currentUser(req)),
    unreadMail: ({ query }, req) => getUnreadMail(ctx, query, currentUser(req)),
  });
}
