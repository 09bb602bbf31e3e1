// The mail feature's door (issue 34): the app's one mail path, the outbox (outbox.ts).
export { appUrlOf } from './app-url.js';
export {
  OUTBOX_JOB,
  outboxJob,
  outboxKeysIn,
  outboxStatesOf,
  processOutbox,
  putInOutbox,
  queueMail,
  tryAgain,
  type MailContent,
  type MailHeaders,
  type OutboxState,
  type NoMail,
  type QueuedMail,
} from './outbox.js';
export { mailModels, type MailKind, type OutboxMailDoc } from './outbox.model.js';
export { retryDelayAfter, STALE_ATTEMPT_MS } from './retry-policy.js';
export { SMTP_TIMEOUTS, transportFor } from './transport.js';
