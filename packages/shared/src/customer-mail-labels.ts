import { singleLine } from './leads-text.js';

/*
 * Issue 35: the notice to a request's executive that its customer wrote (a mail filed from the
 * sales mailbox), for those who turned it on in Perfil (`emailCustomerMail`). The API's
 * emails/customer-mail-notice.ts sends it as text. It names the request, the sender and the
 * subject, never the mail's text (that stays in the request's "Correos"). Everything the
 * customer wrote is one line (`singleLine`): no subject or name can add lines or headers.
 */

/** What the notice names. */
export type CustomerMailNoticeFields = {
  /** The executive's first name. */
  recipientName: string;
  requestNumber: number | null;
  /** The request's contact name. */
  requestName: string;
  from: { address: string; name: string };
  subject: string;
  /** The request's page in the web app (requestPageUrl). */
  link: string;
};

const requestOf = ({ requestNumber, requestName }: CustomerMailNoticeFields) =>
  requestNumber === null
    ? `la solicitud de ${singleLine(requestName)}`
    : `la solicitud ${requestNumber} (${singleLine(requestName)})`;

const senderOf = ({ from }: CustomerMailNoticeFields) => {
  const name = singleLine(from.name);
  const address = singleLine(from.address);
  return name && name !== address ? `${name} <${address}>` : address;
};

export const CUSTOMER_MAIL_NOTICE = {
  subject: (notice: CustomerMailNoticeFields) =>
    notice.requestNumber === null
      ? `Nuevo correo de ${singleLine(notice.from.name || notice.from.address)}`
      : `Nuevo correo en la solicitud ${notice.requestNumber} de ${singleLine(notice.from.name || notice.from.address)}`,
  text: (notice: CustomerMailNoticeFields) =>
    [
      `Hola ${singleLine(notice.recipientName)}:`,
      '',
      `${senderOf(notice)} escribió en ${requestOf(notice)}.`,
      `Asunto: ${singleLine(notice.subject) || '(sin asunto)'}`,
      '',
      `Léelo en la sección Correos de la solicitud: ${notice.link}`,
      '',
      'Para dejar de recibir estos avisos, desactívalos en tus preferencias (Perfil).',
    ].join('\n'),
} as const;
