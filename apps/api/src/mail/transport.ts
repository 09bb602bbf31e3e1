import nodemailer, { type Transporter } from 'nodemailer';

/**
 * Connect 10 s, greeting 10 s, 30 s of silence: every try ends well within STALE_ATTEMPT_MS
 * (retry-policy.ts), and a mail server that hangs never holds a job's run for long.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

const transports = new Map<string, Transporter>();

/** The app's one SMTP transport per SMTP_URL, with SMTP_TIMEOUTS. */
export function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}
