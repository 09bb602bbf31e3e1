/*
 * Issue 33: the request window's links to reach the customer, in words: a module of its own,
 * read only by the links (a lazy chunk of the web app, loaded as the window opens).
 */

/** The request window's links beside the email and the phone. */
export const CONTACT_LINK_LABELS = {
  email: 'Escribir correo',
  call: 'Llamar',
  whatsApp: 'WhatsApp',
  /** Their names for screen readers: "Escribir correo a marta@andes.cl". */
  emailTo: (email: string) => `Escribir correo a ${email}`,
  callTo: (phone: string) => `Llamar al ${phone}`,
  whatsAppTo: (phone: string) => `Escribir por WhatsApp al ${phone}`,
} as const;
