import { randomBytes } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { Types } from 'mongoose';

/*
 * Who a mail from a request is from, and the Message-ID it gets (issue 35). The Message-ID is
 * the mail's id and 16 random bytes at MAIL_FROM's domain: an answer names it in In-Reply-To,
 * and only someone who received the mail can know it, so a forged In-Reply-To can't put a mail
 * into another customer's request.
 */

/** MAIL_FROM as an address and a display name ("CRM <no-reply@crm.local>"). */
export function productAddress(mailFrom: string): { address: string; name: string } {
  const [first] = addressparser(mailFrom, { flatten: true });
  return { address: first?.address ?? mailFrom, name: first?.name ?? '' };
}

/** `<id.random@domain-of-MAIL_FROM>` */
export function newMessageId(id: Types.ObjectId, mailFrom: string): string {
  const domain = productAddress(mailFrom).address.split('@')[1] || 'crm.local';
  return `<${id.toHexString()}.${randomBytes(16).toString('hex')}@${domain}>`;
}
