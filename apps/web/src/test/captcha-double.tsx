import { SOLVED_CAPTCHA } from './fake-api';

/**
 * Stands in for the ALTCHA widget in jsdom (no workers, no WebCrypto proof of work there).
 * Ticking it yields the payload the fake API accepts. The real widget is exercised against the
 * real API in headless Chromium.
 */
export function CaptchaDouble({ onChange }: { onChange: (payload: string) => void }) {
  return (
    <label>
      <input
        type="checkbox"
        onChange={(event) => onChange(event.target.checked ? SOLVED_CAPTCHA : '')}
      />
      No soy un robot
    </label>
  );
}
