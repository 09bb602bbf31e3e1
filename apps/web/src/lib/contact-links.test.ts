import { describe, expect, it } from 'vitest';
import { internationalPhone, mailtoHref, telHref, whatsAppHref } from './contact-links';

describe('internationalPhone', () => {
  it.each([
    ['9 1234 5678', '56912345678'],
    ['+56 9 1234 5678', '56912345678'],
    ['56 9 1234 5678', '56912345678'],
    ['(2) 2345 6789', '56223456789'],
    ['+34 600 123 456', '34600123456'],
    ['0034 600 123 456', '34600123456'],
    ['+1 (415) 555-0100', '14155550100'],
  ])('when the phone is "%s", then it dials %s', (phone, digits) => {
    expect(internationalPhone(phone)).toBe(digits);
  });

  it.each(['', '123', '1234 5678', '+56 12', '+1234567890123456', 'llamar en la tarde'])(
    'when the phone is "%s", then there is no number (no link)',
    (phone) => {
      expect(internationalPhone(phone)).toBeNull();
    },
  );
});

describe('the links', () => {
  it('when a phone is a number, then tel: carries "+" and wa.me only the digits', () => {
    expect(telHref('9 1234 5678')).toBe('tel:+56912345678');
    expect(whatsAppHref('9 1234 5678')).toBe('https://wa.me/56912345678');
    expect(whatsAppHref('+34 600 123 456')).toBe('https://wa.me/34600123456');
    expect(telHref('123')).toBeNull();
    expect(whatsAppHref('123')).toBeNull();
  });

  it('when an email looks like one, then mailto: opens it; otherwise no link', () => {
    expect(mailtoHref(' marta.rojas@andes.cl ')).toBe('mailto:marta.rojas@andes.cl');
    expect(mailtoHref('')).toBeNull();
    expect(mailtoHref('marta')).toBeNull();
  });
});
