import ical from 'ical-generator';
import {
  ACTIVITY_TYPE_LABELS,
  CALENDAR_SECRET_PATTERN,
  requestPageUrl,
  type AgendaItem,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { calendarSecretHash } from '../preferences/index.js';
import { openActivitiesDue } from '../requests/index.js';
import { userIdByCalendarSecretHash } from '../users/index.js';

/*
 * GET /api/calendar/<secret>.ics (issue 20): the user's open activities for Google Calendar or
 * Outlook to subscribe to. The secret is the credential; the server keeps only its SHA-256.
 */

/** A timed activity fills half an hour of the calendar: enough to see it, not to block a day. */
const TIMED_EVENT_MS = 30 * 60_000;

/**
 * The most events in a feed: every open activity of one person in practice (they are nearest
 * first, so a cut would drop the furthest ones, never today's).
 */
const FEED_LIMIT = 2_000;

/** The instant's date in UTC, which ical-generator writes for an all-day event without a zone. */
const utcDay = (dueDate: string) => new Date(`${dueDate}T00:00:00.000Z`);

/** The event's text: which request, its company, and where to open it. */
function description(item: AgendaItem, link: string): string {
  const { name, company, requestNumber } = item.request;
  const who = company ? `${name} (${company})` : name;
  const number = requestNumber === null ? '' : ` n.º ${requestNumber}`;
  return `Solicitud${number}: ${who}\n${link}`;
}

/**
 * The feed of the user whose secret this is, or null for a wrong, revoked or malformed one. The
 * work is the same for all of them (one hash, one read of the unique index) so the answer's time
 * tells nothing; the pattern is checked after the read, not instead of it.
 */
export async function calendarFeedOf(
  ctx: AppContext,
  secret: string,
  origin: string,
): Promise<string | null> {
  const userId = await userIdByCalendarSecretHash(ctx, calendarSecretHash(secret));
  if (!userId || !CALENDAR_SECRET_PATTERN.test(secret)) return null;

  const items = await openActivitiesDue(ctx, userId, {}, FEED_LIMIT);
  const base = ctx.config.appUrl ?? origin;
  const calendar = ical({ name: 'CRM: actividades', prodId: '//crm//actividades//ES' });
  for (const item of items) {
    const { activity } = item;
    const link = requestPageUrl(base, item.request._id);
    const common = {
      // Stable across refreshes, so a calendar app updates the event instead of adding another.
      id: `${activity._id}@crm`,
      summary: `${ACTIVITY_TYPE_LABELS[activity.type]}: ${activity.title}`,
      description: description(item, link),
      url: link,
    };
    if (activity.dueTime === null) {
      calendar.createEvent({ ...common, start: utcDay(activity.dueDate), allDay: true });
    } else {
      const start = new Date(activity.dueAt);
      calendar.createEvent({ ...common, start, end: new Date(start.getTime() + TIMED_EVENT_MS) });
    }
  }
  return calendar.toString();
}
