import { SOLVED_CAPTCHA } from './fake-api';

/**
 * Stands in for the ALTCHA web component in jsdom (no workers, no WebCrypto proof of work
 * there), for the screens that create a real `<altcha-widget>` element (the plain-DOM login
 * screen). Like the real widget it is a checkbox labelled "No soy un robot" inside the element,
 * and it tells its state with a `statechange` event: ticking it yields the payload the fake API
 * accepts. The real widget is exercised against the real API in headless Chromium.
 * Pass `installAltchaDouble` where the screen loads the real widget.
 */
class AltchaWidgetDouble extends HTMLElement {
  #state = 'unverified';

  connectedCallback() {
    if (this.childElementCount > 0) return;
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    checkbox.addEventListener('change', () => {
      this.#state = checkbox.checked ? 'verified' : 'unverified';
      const payload = checkbox.checked ? SOLVED_CAPTCHA : null;
      this.dispatchEvent(
        new CustomEvent('statechange', { detail: { state: this.#state, payload } }),
      );
    });
    const label = document.createElement('label');
    label.append(checkbox, 'No soy un robot');
    this.append(label);
  }

  getState(): string {
    return this.#state;
  }
}

/** Defines `<altcha-widget>` as the double (once per test file: jsdom keeps the definition). */
export function installAltchaDouble(): Promise<void> {
  if (!customElements.get('altcha-widget')) {
    customElements.define('altcha-widget', AltchaWidgetDouble);
  }
  return Promise.resolve();
}
