// The inbox's door (issue 35): reading the shared sales mailbox over IMAP.
export { INBOX_JOB, awaitNewMail, inboxMessageKey, readInbox } from './inbox-read.js';
export { markHandled, waitingMessages } from './waiting.js';
export { inboxModels, type InboxMessageDoc } from './inbox.models.js';
export { mailboxAddressOf, type MailboxAddress } from './imap-url.js';
export {
  IMAP_TIMEOUTS,
  readNewMail,
  type MailboxCheckpoint,
  type MailboxMessage,
  type MailWait,
  type ReadMailOptions,
} from './mailbox.js';
