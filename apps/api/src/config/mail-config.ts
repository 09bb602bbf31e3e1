/** The app's mail settings (SMTP_URL, MAIL_FROM), for every mail it sends (mail/, issue 34). */
export type MailConfig = {
  /** SMTP_URL; without it no mail is sent (and nothing fails). */
  smtpUrl: string | undefined;
  /** MAIL_FROM */
  from: string;
  /**
   * Waits before each retry of a mail that failed: the first try plus one per entry. The one
   * retry policy of every mail (mail/retry-policy.ts).
   */
  retryDelaysMs: number[];
};

/** Three retries, 30 s, 2 min and 10 min after the failures: a mail server restart is covered. */
export const DEFAULT_MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000];
