import type { MailConfig } from '../config/mail-config.js';

/*
 * The one retry policy of every mail (issue 34; the delays are MailConfig's `retryDelaysMs`,
 * 30 s, 2 min and 10 min by default): a try that fails waits the next delay, and once they are
 * used up the mail is given up (logged as an error). A try cut short by a crash is retried once
 * it is STALE_ATTEMPT_MS old.
 */

/** The wait before the next try after try number `attempt` (from 1) failed; undefined: give up. */
export const retryDelayAfter = (config: MailConfig, attempt: number): number | undefined =>
  config.retryDelaysMs[attempt - 1];

/**
 * A claimed try still unfinished after this long was cut short (a crash): it can't be running,
 * as the SMTP timeouts (transport.ts) end any conversation sooner.
 */
export const STALE_ATTEMPT_MS = 5 * 60_000;
