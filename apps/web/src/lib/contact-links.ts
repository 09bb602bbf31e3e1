/*
 * Issue 33: the request window's ways to reach the customer. Pure functions: the number a
 * phone link dials and the addresses of the links (mailto:, tel:, wa.me).
 */

/** Chile's country code: a number written without one is read as Chilean. */
const CHILE = '56';
/** A Chilean number without its code: 9 digits (a mobile 9 XXXX XXXX, a landline 2 XXXX XXXX). */
const CHILEAN_DIGITS = 9;
/** E.164: at most 15 digits with the country code; fewer than 8 is no full number anywhere. */
const MIN_DIGITS = 8;
const MAX_DIGITS = 15;

/**
 * The phone as international digits without "+" (what wa.me takes), or null when it can't be a
 * full number. "9 1234 5678" and "+56 9 1234 5678" → "56912345678"; "+34 600 123 456" (or
 * "0034 …") keeps its code, "34600123456"; a 9-digit number without a code is Chilean; "123"
 * is null.
 */
export function internationalPhone(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  let withCode = trimmed.startsWith('+');
  if (!withCode && digits.startsWith('00')) {
    digits = digits.slice(2);
    withCode = true;
  }
  if (!withCode) {
    if (digits.length === CHILEAN_DIGITS) digits = CHILE + digits;
    else if (!(digits.startsWith(CHILE) && digits.length === CHILE.length + CHILEAN_DIGITS)) {
      return null;
    }
  }
  return digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS ? digits : null;
}

/** A phone's `tel:` address ("tel:+56912345678"), or null (see internationalPhone). */
export function telHref(phone: string): string | null {
  const digits = internationalPhone(phone);
  return digits ? `tel:+${digits}` : null;
}

/** A phone's WhatsApp address ("https://wa.me/56912345678"), or null (see internationalPhone). */
export function whatsAppHref(phone: string): string | null {
  const digits = internationalPhone(phone);
  return digits ? `https://wa.me/${digits}` : null;
}

/** An email's `mailto:` address, or null unless it looks like one (something@something). */
export function mailtoHref(email: string): string | null {
  const address = email.trim();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? `mailto:${address}` : null;
}
