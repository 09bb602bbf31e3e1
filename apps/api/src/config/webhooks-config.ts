import { WEBHOOK_LIMITS } from '@crm/shared';

/** How the webhooks' deliveries go out (issue 36, webhooks/). Tests shorten the times. */
export type WebhooksConfig = {
  /**
   * WEBHOOK_ALLOW_PRIVATE=true: an endpoint may be on loopback, a private network, link-local or
   * a metadata address (a receiver on the same machine, the tests). Off by default: an admin's
   * address could otherwise reach what only the server can (SSRF).
   */
  allowPrivate: boolean;
  /** A try is cut when its answer's headers and first KB take longer. */
  timeoutMs: number;
  /** How often a dispatcher with nothing to do looks for new events. */
  pollMs: number;
  /** Tries of different requests (or endpoints) in flight at once, per process. */
  concurrency: number;
};

export const DEFAULT_WEBHOOKS: Omit<WebhooksConfig, 'allowPrivate'> = {
  timeoutMs: WEBHOOK_LIMITS.timeoutSeconds * 1000,
  pollMs: 1000,
  concurrency: 8,
};
