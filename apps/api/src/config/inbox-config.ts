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
};

/** 50 MB, as the largest mail services accept; 200 messages a run. */
export const DEFAULT_INBOX: Omit<InboxConfig, 'imapUrl' | 'pollMs'> = {
  maxMessageBytes: 50 * 1024 * 1024,
  batchSize: 200,
};
