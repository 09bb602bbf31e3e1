import {
  ACCOUNT_LINK_MESSAGES,
  ACCOUNT_TOKEN_PATTERN,
  ACCOUNT_PAGE_LABELS,
  setPasswordFormSchema,
  type AccountTokenStatus,
  type SetPasswordForm,
  type TokenPurpose,
  ACCOUNT_LABELS,
  APP_LABELS,
} from '@crm/shared';
import { confirmEmail, setPassword, tokenStatus } from '../../../api/account/account-links';
import { ApiError } from '../../../lib/api-client';
import { el } from '../../../lib/dom/el';
import { createFormStore } from '../../../lib/form/form-store';
import {
  FORGOT_PASSWORD_PATH,
  passwordToggle,
  primaryButton,
  textField,
  textInput,
} from '../../auth';
import type { AccountPageOptions } from './account-page-options';
import { linkLine, messageBox, mountPageFrame, textLine, type PageFrame } from './page-frame';

const HEADINGS: Record<TokenPurpose, string> = {
  reset: ACCOUNT_PAGE_LABELS.resetHeading,
  invite: ACCOUNT_PAGE_LABELS.inviteHeading,
  email: ACCOUNT_PAGE_LABELS.confirmEmailHeading,
};

/**
 * The outcomes of the links used in this page's life, by token. Setting a password ends every
 * session of the account: when it was the signed-in one, the app swaps to its signed-out part and
 * mounts this page again, at the same address, over a link now used up; it shows the outcome
 * again rather than "no longer valid".
 */
const outcomes = new Map<string, string>();

/** The API's refusal of the link itself: used, expired, altered or replaced (400 `token`). */
const isTokenRefused = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  (error.fieldErrors.length === 0 || error.fieldErrors.some(({ path }) => path === 'token'));

type Step = { frame: PageFrame; token: string; options: AccountPageOptions; live: () => boolean };

/** One message for every link that no longer works, never saying why, and the way to a new one. */
function showInvalid({ frame, options }: Step) {
  frame.show(
    messageBox('alert', ACCOUNT_LINK_MESSAGES.tokenInvalid),
    linkLine(FORGOT_PASSWORD_PATH, ACCOUNT_LINK_MESSAGES.askAgain, options.navigate),
  );
}

function showOutcome({ frame, options }: Step, purpose: TokenPurpose | undefined, message: string) {
  const toProfile = purpose === 'email' && options.signedIn;
  frame.show(
    messageBox('status', message),
    toProfile
      ? linkLine(options.profilePath, ACCOUNT_LABELS.backToProfile, options.navigate)
      : linkLine(options.loginPath, APP_LABELS.login, options.navigate),
  );
}

/** A reset or invitation link: the new password twice (§5's rules), then the API's message. */
function showPasswordForm(step: Step, status: AccountTokenStatus) {
  const { frame, token } = step;
  const form = createFormStore<SetPasswordForm, SetPasswordForm>(setPasswordFormSchema, {
    password: '',
    confirmPassword: '',
  });
  let showPasswords = false;
  let pending = false;
  let failure: string | undefined;

  const passwordInput = textInput({
    id: 'account-password',
    name: 'password',
    type: 'password',
    autocomplete: 'new-password',
  });
  const confirmInput = textInput(
    { id: 'account-confirm-password', type: 'password', autocomplete: 'new-password' },
    'pr-10',
  );
  const toggle = passwordToggle('absolute inset-y-0 right-1 my-auto h-fit');
  const password = textField(ACCOUNT_PAGE_LABELS.newPassword, passwordInput);
  const confirm = textField(
    ACCOUNT_PAGE_LABELS.confirmPassword,
    confirmInput,
    el('div', { class: 'relative' }, confirmInput, toggle.element),
  );
  const failureMessage = messageBox('alert', '');
  const submit = primaryButton({ type: 'submit' }, 'w-full');
  const formElement = el(
    'form',
    { novalidate: '', class: 'space-y-5' },
    textLine(ACCOUNT_LABELS.accountOf(status.email)),
    password.element,
    confirm.element,
    submit,
  );
  frame.show(formElement);

  const render = () => {
    const { values, errors } = form.getSnapshot();
    if (passwordInput.value !== values.password) passwordInput.value = values.password;
    if (confirmInput.value !== values.confirmPassword) confirmInput.value = values.confirmPassword;
    password.setError(errors.password);
    confirm.setError(errors.confirmPassword);
    passwordInput.type = confirmInput.type = showPasswords ? 'text' : 'password';
    toggle.setVisible(showPasswords);
    if (failure) {
      failureMessage.textContent = failure;
      if (!failureMessage.isConnected) submit.before(failureMessage);
    } else failureMessage.remove();
    submit.disabled = pending;
    submit.textContent = pending ? ACCOUNT_LABELS.saving : ACCOUNT_PAGE_LABELS.save;
  };
  form.subscribe(render);
  passwordInput.addEventListener('input', () => form.setValue('password', passwordInput.value));
  confirmInput.addEventListener('input', () =>
    form.setValue('confirmPassword', confirmInput.value),
  );
  toggle.element.addEventListener('click', () => {
    showPasswords = !showPasswords;
    render();
  });

  formElement.addEventListener('submit', (event) => {
    event.preventDefault();
    failure = undefined;
    const check = form.validate();
    render();
    if (!check.valid || pending) return;
    pending = true;
    render();
    setPassword({ token, password: check.data.password })
      .then(({ message }) => {
        outcomes.set(token, message);
        if (step.live()) showOutcome(step, status.purpose, message);
      })
      .catch((error: unknown) => {
        if (!step.live()) return;
        const passwordRefused =
          error instanceof ApiError && error.fieldErrors.find(({ path }) => path === 'password');
        if (passwordRefused) form.setServerErrors({ password: passwordRefused.message });
        else if (isTokenRefused(error)) showInvalid(step);
        else failure = ACCOUNT_LABELS.requestFailed;
      })
      .finally(() => {
        pending = false;
        if (step.live()) render();
      });
  });
  render();
}

/**
 * An email change's link: a button, not on load (mail scanners open links before the person
 * does), then the API's message.
 */
function showConfirmEmail(step: Step, status: AccountTokenStatus) {
  const { frame, token } = step;
  const button = primaryButton({}, 'w-full');
  button.textContent = ACCOUNT_PAGE_LABELS.confirmEmailHeading;
  const failureMessage = messageBox('alert', '');
  frame.show(textLine(ACCOUNT_LABELS.newEmailOf(status.email)), button);
  button.addEventListener('click', () => {
    button.disabled = true;
    failureMessage.remove();
    confirmEmail(token)
      .then(({ message }) => {
        outcomes.set(token, message);
        if (step.live()) showOutcome(step, 'email', message);
      })
      .catch((error: unknown) => {
        if (!step.live()) return;
        if (isTokenRefused(error)) return showInvalid(step);
        // 409: the address was taken meanwhile; the field's message is the Spanish one.
        failureMessage.textContent =
          error instanceof ApiError && error.status === 409
            ? (error.fieldErrors[0]?.message ?? error.message)
            : ACCOUNT_LABELS.requestFailed;
        button.before(failureMessage);
        button.disabled = false;
      });
  });
}

/** Asks the API what the link is for (without using it up), then shows its step. */
function checkLink(step: Step) {
  const { frame, token } = step;
  frame.show(
    el('p', { role: 'status', class: 'text-sm text-slate-600' }, ACCOUNT_LABELS.checkingLink),
  );
  tokenStatus(token)
    .then((status) => {
      if (!step.live()) return;
      frame.setHeading(HEADINGS[status.purpose]);
      if (status.purpose === 'email') showConfirmEmail(step, status);
      else showPasswordForm(step, status);
    })
    .catch((error: unknown) => {
      if (!step.live()) return;
      if (isTokenRefused(error)) return showInvalid(step);
      const retry = primaryButton({});
      retry.textContent = ACCOUNT_LABELS.retry;
      retry.addEventListener('click', () => checkLink(step));
      frame.show(messageBox('alert', ACCOUNT_LABELS.linkCheckFailed), retry);
    });
}

/**
 * A one-time link's page (ACCOUNT_LINK_PATHS, `?token=`): reset, invitation or email change,
 * for whoever opens it, signed in or not. Answers the function that takes it away.
 */
export function mountTokenPage(
  root: HTMLElement,
  purpose: TokenPurpose,
  options: AccountPageOptions,
): () => void {
  let mounted = true;
  const frame = mountPageFrame(root, HEADINGS[purpose]);
  const token = new URLSearchParams(options.search).get('token') ?? '';
  const step: Step = { frame, token, options, live: () => mounted };
  const outcome = outcomes.get(token);
  if (outcome !== undefined) showOutcome(step, purpose, outcome);
  // A link cut short or altered: no need to ask the API.
  else if (!ACCOUNT_TOKEN_PATTERN.test(token)) showInvalid(step);
  else checkLink(step);
  return () => {
    mounted = false;
    root.replaceChildren();
  };
}
