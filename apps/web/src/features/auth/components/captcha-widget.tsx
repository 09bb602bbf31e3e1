import { useEffect, useRef } from 'react';
import type {} from 'altcha/types/react';
import { env } from '../../../config/env';

export type CaptchaWidgetProps = {
  /** The solved payload (base64), or '' while unsolved, expired or failed. */
  onChange: (payload: string) => void;
};

type StateChangeDetail = { state?: string; payload?: string | null };

/**
 * The ALTCHA proof-of-work widget (§2 "captcha below the submit button"). Its challenge comes
 * from the API, which also verifies the solution on login. The widget's code loads after the
 * login page renders, so it stays out of the page's first JavaScript. Remount it (a new `key`)
 * to get a fresh challenge: a solution is accepted once.
 */
export function CaptchaWidget({ onChange }: CaptchaWidgetProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    void Promise.all([import('altcha'), import('altcha/i18n/es-es')]);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, []);

  return (
    <altcha-widget
      ref={ref}
      challenge={`${env.VITE_API_URL}/api/captcha/challenge`}
      language="es-es"
      name="altcha"
      style={{ '--altcha-max-width': '100%' }}
    />
  );
}
