import { CONTACT_LINK_LABELS, type ActivityType } from '@crm/shared';
import { mailtoHref, telHref, whatsAppHref } from '../../../lib/contact-links';

export type ContactLinksProps = {
  /** The email typed: a `mailto:` link (the mail program). */
  email?: string;
  /** The phone typed: `tel:` and WhatsApp (wa.me), read as Chilean without a country code. */
  phone?: string;
  /** A link was used: offer to log it ("Registrar actividad" on Correo, or Llamada). */
  onUse: (type: ActivityType) => void;
};

const LINK_CLASS =
  'inline-flex min-h-9 items-center rounded-md px-2 text-xs font-medium text-indigo-700 ring-1 ring-slate-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 max-md:min-h-11';

/**
 * Issue 33: ways to reach the customer beside the request window's email and phone; none while
 * the value can't be reached (no address, a number too short). Using one opens "Registrar
 * actividad" on its type, to note how it went (WhatsApp counts as a call).
 */
export function ContactLinks({ email, phone, onUse }: ContactLinksProps) {
  const mailto = email === undefined ? null : mailtoHref(email);
  const tel = phone === undefined ? null : telHref(phone);
  const whatsApp = phone === undefined ? null : whatsAppHref(phone);
  if (!mailto && !tel) return null;
  return (
    <div className="mt-1.5 flex flex-wrap gap-2">
      {mailto && email ? (
        <a
          href={mailto}
          className={LINK_CLASS}
          aria-label={CONTACT_LINK_LABELS.emailTo(email.trim())}
          onClick={() => onUse('email')}
        >
          {CONTACT_LINK_LABELS.email}
        </a>
      ) : null}
      {tel && phone ? (
        <a
          href={tel}
          className={LINK_CLASS}
          aria-label={CONTACT_LINK_LABELS.callTo(phone.trim())}
          onClick={() => onUse('call')}
        >
          {CONTACT_LINK_LABELS.call}
        </a>
      ) : null}
      {whatsApp && phone ? (
        <a
          href={whatsApp}
          target="_blank"
          rel="noopener noreferrer"
          className={LINK_CLASS}
          aria-label={CONTACT_LINK_LABELS.whatsAppTo(phone.trim())}
          onClick={() => onUse('call')}
        >
          {CONTACT_LINK_LABELS.whatsApp}
        </a>
      ) : null}
    </div>
  );
}
