import { TWO_FACTOR_MESSAGES, TWO_FACTOR_LOGIN_LABELS } from '@crm/shared';
import type { TwoFactorStep } from '../../../api/session/login';
import { signInWithCode, TwoFactorError } from '../../../api/session/login-two-factor';
import { el } from '../../../lib/dom/el';
import { saveSession, type Session } from '../../../lib/session-store';
import { primaryButton, textField, textInput } from './login-parts';

/*
 * The login's second step (issue 32), in plain DOM as the rest of the login screen: the code from
 * the authenticator app (or a recovery code); for an enrolment the administrator requires, first
 * the QR code (drawn by the API, shown as an image) and the secret, and after it the recovery
 * codes, shown once, before the session starts.
 */

const LINK_BUTTON_CLASS =
  'text-sm font-medium text-indigo-600 underline-offset-2 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';
const TEXT_CLASS = 'text-sm text-slate-600';
const HEADING_CLASS = 'text-2xl font-bold tracking-tight text-slate-900';

const linkButton = (text: string) =>
  el('button', { type: 'button', class: LINK_BUTTON_CLASS }, text);

/** The recovery codes, shown once, to copy or download before going on. */
function recoveryCodesPanel(codes: string[], done: () => void): HTMLElement {
  const text = `${codes.join('\n')}\n`;
  const copy = linkButton(TWO_FACTOR_LOGIN_LABELS.copy);
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(text).then(() => {
      copy.textContent = TWO_FACTOR_LOGIN_LABELS.copied;
    });
  });
  const download = el(
    'a',
    {
      href: `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`,
      download: 'codigos-de-recuperacion.txt',
      class: LINK_BUTTON_CLASS,
    },
    TWO_FACTOR_LOGIN_LABELS.download,
  );
  const go = primaryButton({}, 'w-full');
  go.textContent = TWO_FACTOR_LOGIN_LABELS.done;
  go.addEventListener('click', done);
  const panel = el(
    'section',
    { class: 'w-full max-w-sm space-y-4', 'aria-labelledby': 'recovery-title' },
    el(
      'h1',
      { id: 'recovery-title', class: HEADING_CLASS, tabindex: '-1' },
      TWO_FACTOR_LOGIN_LABELS.recoveryTitle,
    ),
    el('p', { class: TEXT_CLASS }, TWO_FACTOR_LOGIN_LABELS.recoveryIntro),
    el(
      'ul',
      {
        class:
          'grid grid-cols-2 gap-2 rounded-md bg-white p-3 font-mono text-sm ring-1 ring-slate-200',
      },
      ...codes.map((code) => el('li', {}, code)),
    ),
    el('p', { class: 'flex gap-4' }, copy, download),
    go,
  );
  return panel;
}

/**
 * The code step for `step` (the login's answer). `onBack` goes back to the password form (a lapsed
 * challenge needs a new sign-in). Answers its element, ready to take the password form's place.
 */
export function twoFactorStep(step: TwoFactorStep, onBack: () => void): HTMLElement {
  const enrolling = step.step === 'setup';
  let recovery = false;
  let pending = false;

  const input = textInput({ id: 'login-code', name: 'code' });
  const field = textField(TWO_FACTOR_LOGIN_LABELS.code, input);
  const label = field.element.querySelector('label');
  const hint = el('p', { class: `mt-1 ${TEXT_CLASS}` });
  field.element.append(hint);
  const failure = el('p', {
    role: 'alert',
    class: 'rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200',
  });
  const submit = primaryButton({ type: 'submit' }, 'w-full');
  const toggle = linkButton('');
  const back = linkButton(TWO_FACTOR_LOGIN_LABELS.back);
  back.addEventListener('click', onBack);

  const setup = step.setup
    ? [
        el(
          'p',
          {
            class: 'rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200',
          },
          TWO_FACTOR_LOGIN_LABELS.setupAtLogin,
        ),
        el('p', { class: TEXT_CLASS }, TWO_FACTOR_LOGIN_LABELS.scan),
        el('img', {
          src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.setup.qrSvg)}`,
          alt: TWO_FACTOR_LOGIN_LABELS.qrAlt,
          class: 'mx-auto size-44 bg-white',
        }),
        el('p', { class: TEXT_CLASS }, TWO_FACTOR_LOGIN_LABELS.manual),
        el(
          'code',
          { class: 'block break-all rounded bg-slate-100 px-2 py-1 text-sm' },
          step.setup.secret,
        ),
      ]
    : [];

  const form = el(
    'form',
    { novalidate: '', class: 'w-full max-w-sm space-y-5' },
    el('h1', { class: HEADING_CLASS }, TWO_FACTOR_LOGIN_LABELS.heading),
    ...setup,
    field.element,
    submit,
    el(
      'p',
      { class: 'flex flex-wrap justify-between gap-2' },
      ...(enrolling ? [] : [toggle]),
      back,
    ),
  );

  const render = () => {
    if (label)
      label.textContent = recovery
        ? TWO_FACTOR_LOGIN_LABELS.recoveryCode
        : TWO_FACTOR_LOGIN_LABELS.code;
    hint.textContent = recovery
      ? TWO_FACTOR_LOGIN_LABELS.recoveryHint
      : TWO_FACTOR_LOGIN_LABELS.codeHint;
    // A TOTP code: the phone's number pad, and the code the system offers from a message or app.
    input.setAttribute('autocomplete', recovery ? 'off' : 'one-time-code');
    input.setAttribute('inputmode', recovery ? 'text' : 'numeric');
    toggle.textContent = recovery
      ? TWO_FACTOR_LOGIN_LABELS.useCode
      : TWO_FACTOR_LOGIN_LABELS.useRecovery;
    submit.disabled = pending;
    submit.textContent = pending
      ? TWO_FACTOR_LOGIN_LABELS.verifying
      : TWO_FACTOR_LOGIN_LABELS.verify;
  };

  const showFailure = (message: string | undefined) => {
    failure.textContent = message ?? '';
    if (message && !failure.isConnected) submit.before(failure);
    if (!message) failure.remove();
  };

  const start = (session: Session, codes?: string[]) => {
    if (!codes) {
      saveSession(session);
      return;
    }
    const panel = recoveryCodesPanel(codes, () => saveSession(session));
    form.replaceWith(panel);
    panel.querySelector('h1')?.focus();
  };

  toggle.addEventListener('click', () => {
    recovery = !recovery;
    input.value = '';
    field.setError(undefined);
    showFailure(undefined);
    render();
    input.focus();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    showFailure(undefined);
    const code = input.value.trim();
    const error = !code
      ? TWO_FACTOR_MESSAGES.codeRequired
      : !recovery && !/^\d{6}$/.test(code.replace(/\s/g, ''))
        ? TWO_FACTOR_MESSAGES.codeFormat
        : undefined;
    field.setError(error);
    if (error) {
      input.focus();
      return;
    }
    pending = true;
    render();
    signInWithCode(step.challenge, code)
      .then(({ session, recoveryCodes }) => start(session, recoveryCodes))
      .catch((failed: unknown) => {
        const message =
          failed instanceof TwoFactorError ? failed.message : TWO_FACTOR_MESSAGES.failed;
        if (failed instanceof TwoFactorError && failed.expired) showFailure(message);
        else field.setError(message);
        input.select();
        input.focus();
      })
      .finally(() => {
        pending = false;
        render();
      });
  });

  render();
  return form;
}
