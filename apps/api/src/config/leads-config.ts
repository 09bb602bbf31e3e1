/**
 * Settings of the public website form (issue 13). The limits are constants rather than
 * variables: they were chosen for the product's traffic (a small sales team's site gets tens
 * of leads a day), and docs/decisions.md ("Limits sized for a small sales team") explains each.
 */

/** At most `max` accepted submissions per fixed window of `windowMs`. */
export type RateLimit = { max: number; windowMs: number };

export type LeadsConfig = {
  /** Origins (besides the product's own) whose pages may post the form: PUBLIC_FORM_ORIGINS. */
  publicOrigins: string[];
  /** How long the board waits between two polls for new leads: LEADS_POLL_SECONDS (≤ 30 s). */
  pollAfterMs: number;
  /**
   * One address: 5 per 10 minutes. A person sends the form once, maybe twice to add something;
   * five leaves room for a few colleagues behind one office address, and stops a script at
   * 30 an hour. An IPv6 address counts by its /64, the block one subscriber is given (a host
   * may pick any of its 2^64 addresses); an IPv4-mapped one (::ffff:a.b.c.d) as the IPv4 one
   * (http/client-address.ts). Honeypot submissions count here (a bot sees the same 429).
   */
  perAddress: RateLimit;
  /**
   * Every address together: 100 per 10 minutes (600 an hour), some fifty times the busiest
   * hour we expect, yet it bounds what a botnet that solves every captcha can write to about
   * 14,400 requests a day. Only submissions that would be stored count: what the captcha
   * refuses and what the honeypot catches never reach it (leads.service.ts).
   */
  overall: RateLimit;
  /**
   * Past this many counted submissions in the overall window (20 per 10 minutes, ten times the
   * busiest ten minutes we expect), the form is busy: every challenge issued hides a number
   * `busyCaptchaFactor` times larger, so each further submission costs that much more work
   * before the overall limit refuses everyone.
   */
  busyAbove: number;
  /**
   * 5: a visitor's browser solves a normal challenge in about a second (CAPTCHA_COST 1000, a
   * number up to CAPTCHA_MAX_COUNTER 4000), a busy one in three to five, while they type; a bot
   * pays five times the CPU per submission. The server's check costs the same (one key).
   */
  busyCaptchaFactor: number;
  /** The same email again within this long adds a note to its open request instead. */
  duplicateWindowMs: number;
  /**
   * At most one confirmation email per address in this long (24 h): anyone can type someone
   * else's address, and the form must not become a way to fill their inbox.
   */
  confirmationWindowMs: number;
  /**
   * The largest body the form may send. Its biggest legitimate one (a 5,000-character message
   * of 3-byte characters, the other fields at their limits and a 10,000-character captcha) is
   * under 30 KB; 64 KB leaves room, and is a quarter of the signed-in routes' 256 KB.
   */
  maxBodyBytes: number;
};

export const DEFAULT_LEADS: LeadsConfig = {
  publicOrigins: [],
  pollAfterMs: 15_000,
  perAddress: { max: 5, windowMs: 10 * 60_000 },
  overall: { max: 100, windowMs: 10 * 60_000 },
  busyAbove: 20,
  busyCaptchaFactor: 5,
  duplicateWindowMs: 60 * 60_000,
  confirmationWindowMs: 24 * 60 * 60_000,
  maxBodyBytes: 64 * 1024,
};
