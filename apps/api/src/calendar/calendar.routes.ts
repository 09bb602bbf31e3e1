import type { RequestHandler, Router } from 'express';
import { API_MESSAGES, api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/app-error.js';
import { implement } from '../http/endpoint.js';
import { originOf } from '../preferences/index.js';
import { calendarFeedOf } from './calendar.service.js';

/**
 * The feed answers iCalendar text, not JSON: a raw handler after the declared gate (no token:
 * the secret is the credential). No rate limit of its own: a guess is one of 2^256, and every
 * answer costs one hash and one indexed read.
 */
export function calendarRoutes(ctx: AppContext): Router {
  const feed: RequestHandler = async (req, res, next) => {
    try {
      const secret = req.params.secret;
      const ics = await calendarFeedOf(
        ctx,
        typeof secret === 'string' ? secret : '',
        originOf(req),
      );
      if (ics === null) throw notFound(API_MESSAGES.routeNotFound);
      res.status(200).type('text/calendar; charset=utf-8').send(ics);
    } catch (error) {
      next(error);
    }
  };
  return implement(ctx, api.calendar, { feed: { raw: [feed] } });
}
