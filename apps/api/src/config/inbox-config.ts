/** The shared sales mailbox the product reads (issue 35: replies and mail that becomes leads). */
export type InboxConfig = {
  /** IMAP_URL; without it no mail is read, and the request window says replies aren't read. */
  imapUrl: string | undefined;
  /** IMAP_POLL_SECONDS: between two reads of the mailbox; default 30. */
  pollMs: number;
  /** A larger message is not downloaded: it is recorded as skipped (and logged once). */
  maxMessageBytes: number;
  /** At most this many messages a run: a backlog is read over several runs. */
  batchSize: number;
  /**
   * Where customers' answers go (Reply-To of every mail sent from a request): MAIL_REPLY_TO, else
   * the mailbox's user when it is an address (`ventas@empresa.cl`); none without IMAP_URL, so the
   * answers go to MAIL_FROM as before.
   */
  replyTo: string | undefined;
};

/** MAIL_REPLY_TO when set, else IMAP_URL's user when it is an email address. */
export function replyAddressOf(imapUrl: string | undefined, explicit: string | undefined) {
  if (!imapUrl) return undefined;
  if (explicit) return explicit;
  const user = decodeURIComponent(new URL(imapUrl).username);
  return /^[^\s@]+@[^\s@]+$/.test(user) ? user : undefined;
}

/** 50 MB, as the largest mail services accept; 200 messages a run. */
export const DEFAULT_INBOX: Omit<InboxConfig, 'imapUrl' | 'pollMs' | 'replyTo'> = {
  maxMessageBytes: 50 * 1024 * 1024,
  batchSize: 200,
};
