import type { BackgroundJob } from '../jobs/index.js';
import { runRemindersTick, TICK_JOB } from './reminders.service.js';

/**
 * The reminders' tick on the app's scheduler (jobs/), every minute: a reminder is then planned at
 * most a minute late, and the outbox's run (mail/) sends it within its 30 s. Off without
 * SMTP_URL.
 */
export const remindersJob: BackgroundJob = {
  name: TICK_JOB,
  every: '1 minute',
  offBecause: (ctx) =>
    ctx.config.mail.smtpUrl ? undefined : 'reminder emails are off: SMTP_URL is not set',
  run: runRemindersTick,
};
