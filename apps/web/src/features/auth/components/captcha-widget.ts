import { env } from '../../../config/env';
import { el } from '../../../lib/dom/el';

type StateChangeDetail = { state?: string; payload?: string | null };

/**
 * Loads the ALTCHA web component and its Spanish text, which defines `<altcha-widget>`. Called
 * once the login screen shows, so the widget's code stays out of the page's first JavaScript
 * (it still counts in /login's budget: nobody signs in without it).
 */
export function loadCaptcha(): Promise<unknown> {
  return import('../../../lib/altcha-widget');
}

/**
 * The ALTCHA proof-of-work widget (§2 "captcha below the submit button"). Its challenge comes
 * from the API, which also verifies the solution on login. `onChange` gets the solved payload
 * (base64), or '' while unsolved, expired or failed. A solution is accepted once: for a fresh
 * challenge, put a new widget in its place.
 */
function createCaptchaWidget(onChange: (payload: string) => void): HTMLElement {
  const widget = el('altcha-widget', {
    challenge: `${env.VITE_API_URL}/api/captcha/challenge`,
    language: 'es-es',
    name: 'altcha',
    style: '--altcha-max-width: 100%;',
  });
  widget.addEventListener('statechange', (event) => {
    const detail = (event as CustomEvent<StateChangeDetail>).detail;
    onChange(detail.state === 'verified' && detail.payload ? detail.payload : '');
  });
  return widget;
}

/**
 * The captcha as a form's field: the widget in its slot under the button (§2) and, below it,
 * its message when there is one. `renew` puts a fresh widget in place: after every answer but a
 * success, since each solution is accepted once.
 */
export function captchaField(onChange: (payload: string) => void) {
  const slot = el('div');
  const message = el('p', { role: 'alert', class: 'mt-1 text-xs font-medium text-red-600' });
  let widget = createCaptchaWidget(onChange);
  slot.append(widget);
  return {
    element: slot,
    setError(error: string | undefined) {
      if (error) {
        message.textContent = error;
        if (!message.isConnected) slot.append(message);
      } else message.remove();
    },
    renew() {
      const next = createCaptchaWidget(onChange);
      widget.replaceWith(next);
      widget = next;
    },
  };
}
