/*
 * Issue 35: the words of a request's "Correos" section, apart from its schemas (request-email.ts):
 * the board's cards say "N correos sin leer" on the first paint, which carries no mail schema.
 */

/** The section's words. */
export const REQUEST_EMAIL_LABELS = {
  section: 'Correos',
  compose: 'Enviar correo',
  reply: 'Responder',
  to: 'Para',
  cc: 'Cc',
  subject: 'Asunto',
  text: 'Mensaje',
  send: 'Enviar',
  sending: 'Enviando…',
  retry: 'Reintentar',
  older: 'Ver correos anteriores',
  empty: 'Aún no hay correos con este cliente.',
  from: (name: string) => `De: ${name}`,
  sentBy: (name: string) => `Enviado por ${name}`,
  addressesHint: 'Separa varias direcciones con comas.',
  draftKept: 'Borrador guardado en esta solicitud.',
  discard: 'Descartar',
  unread: 'Nuevo',
  /** The card's mark: the customer wrote and no one has read it yet. */
  unreadMark: (count: number) => (count === 1 ? '1 correo sin leer' : `${count} correos sin leer`),
  loadFailed: 'No se pudieron cargar los correos',
  sent: 'Correo enviado',
  queued: 'El correo quedó pendiente de envío: se enviará cuando el servidor de correo responda.',
  refused: 'El correo no se pudo enviar',
  saveFailed: 'No se pudo guardar el correo. Inténtalo de nuevo.',
  /** The composer's fieldset, for screen readers. */
  composer: (subject: string) => (subject ? `Correo: ${subject}` : 'Nuevo correo'),
  /** Without IMAP_URL: what was sent still shows; the answers don't come in. */
  repliesNotRead:
    'Las respuestas de los clientes no se están leyendo: el buzón de ventas no está configurado.',
  /** Without SMTP_URL: a mail written waits in the outbox until the operator sets it. */
  sendingOff:
    'El envío de correos no está configurado: lo que escribas quedará pendiente de envío.',
} as const;
