import type { ImapFlowOptions } from 'imapflow';

/** Where the shared sales mailbox is: the IMAP connection and the folder to read (issue 35). */
export interface MailboxAddress {
  connection: Pick<ImapFlowOptions, 'host' | 'port' | 'secure' | 'auth'>;
  /** The folder, INBOX when the URL names none. */
  folder: string;
  /** host:port/folder, for logs and answers: never the user or the password. */
  label: string;
}

/**
 * IMAP_URL as operators write it: `imap://user:password@host:port/FOLDER` (STARTTLS where the
 * server offers it, port 143 by default) or `imaps://…` (TLS from the start, port 993 by
 * default). The user and password are percent-encoded (`ventas%40empresa.cl`).
 */
export function mailboxAddressOf(imapUrl: string): MailboxAddress {
  const url = new URL(imapUrl);
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') {
    throw new Error('IMAP_URL must start with imap:// or imaps://');
  }
  if (!url.username) throw new Error('IMAP_URL must name the mailbox user');
  const secure = url.protocol === 'imaps:';
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const folder = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  return {
    connection: {
      host: url.hostname,
      port,
      secure,
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    },
    folder,
    label: `${url.hostname}:${port}/${folder}`,
  };
}
