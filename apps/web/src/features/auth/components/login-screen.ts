import {
  LOGIN_MESSAGES,
  loginFormSchema,
  ACCOUNT_PAGE_LABELS,
  type LoginForm,
  APP_LABELS,
  LOGIN_LABELS,
} from '@crm/shared';
import { login, LoginError } from '../../../api/session/login';
import { el } from '../../../lib/dom/el';
import { createFormStore } from '../../../lib/form/form-store';
import { EN } from '../../../lib/lang';
import { captchaField, loadCaptcha } from './captcha-widget';
import { twoFactorStep } from './two-factor-step';
import {
  logo,
  pageLink,
  passwordToggle,
  primaryButton,
  textField,
  textInput,
  type Navigate,
} from './login-parts';

export type LoginScreenOptions = {
  /** Defines `<altcha-widget>`: the real ALTCHA by default; tests put a double in its place. */
  loadCaptcha?: () => Promise<unknown>;
  /** Follows the screen's links within the app (without it, the browser loads the address). */
  navigate?: Navigate;
};

/** The public page that emails a reset link (issue 23), linked under the login form. */
export const FORGOT_PASSWORD_PATH = '/recuperar-contrasena';

const EMPTY_LOGIN: LoginForm = { email: '', password: '', altcha: '' };

function brandPanel(): HTMLElement {
  return el(
    'section',
    {
      'aria-label': 'CRM',
      class:
        'flex items-center justify-center gap-4 bg-gradient-to-br from-indigo-600 to-violet-700 px-8 py-8 text-white md:w-1/2 md:flex-col md:py-0',
    },
    logo('size-14 drop-shadow md:size-24'),
    el('p', { class: 'text-4xl font-black tracking-[0.3em] md:text-7xl' }, 'CRM'),
    el(
      'p',
      { class: 'hidden max-w-xs text-center text-sm text-indigo-100 md:block' },
      LOGIN_LABELS.tagline,
    ),
  );
}

/**
 * /login (§2): brand panel, "Correo", "Contraseña", captcha below the button. Plain DOM over the
 * web app's one form state (lib/form), checked with the API's `loginFormSchema`: the first visit
 * loads no React (its budget: apps/web/scripts/check-budgets.mjs). On success the session is
 * stored (login()), and app/app.ts swaps this screen for the signed-in app. Puts the screen into
 * `root`; answers the function that takes it away.
 */
export function mountLoginScreen(
  root: HTMLElement,
  { loadCaptcha: load = loadCaptcha, navigate }: LoginScreenOptions = {},
): () => void {
  const form = createFormStore(loginFormSchema, EMPTY_LOGIN);
  let showPassword = false;
  let pending = false;
  let failure: string | undefined;
  // After a refused sign-in the captcha is a fresh, unsolved one: not an error yet. Its message
  // waits for the next attempt made without solving it, so the refusal shows alone.
  let freshCaptcha = false;

  const emailInput = textInput({
    id: 'login-email',
    name: 'email',
    type: 'email',
    autocomplete: 'username',
    inputmode: 'email',
  });
  const passwordInput = textInput(
    { id: 'login-password', name: 'password', type: 'password', autocomplete: 'current-password' },
    'pr-10',
  );
  const toggle = passwordToggle('absolute inset-y-0 right-1 my-auto h-fit');
  const email = textField(LOGIN_LABELS.email, emailInput);
  const password = textField(
    LOGIN_LABELS.password,
    passwordInput,
    el('div', { class: 'relative' }, passwordInput, toggle.element),
  );
  const failureMessage = el('p', {
    role: 'alert',
    ...EN,
    class: 'rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200',
  });
  const submit = primaryButton({ type: 'submit' }, 'w-full');
  const captcha = captchaField((payload) => form.setValue('altcha', payload));

  const formElement = el(
    'form',
    { novalidate: '', class: 'w-full max-w-sm space-y-5' },
    el('h1', { class: 'text-2xl font-bold tracking-tight text-slate-900' }, APP_LABELS.login),
    email.element,
    password.element,
    submit,
    captcha.element,
    // Under §2's form, the captcha included: issue 23's way back in without an admin.
    el(
      'p',
      { class: 'text-center text-sm' },
      pageLink(FORGOT_PASSWORD_PATH, ACCOUNT_PAGE_LABELS.forgot, navigate),
    ),
  );
  root.append(
    el(
      'main',
      { class: 'flex min-h-dvh flex-col bg-slate-50 md:flex-row' },
      brandPanel(),
      el(
        'section',
        { class: 'flex flex-1 items-start justify-center px-6 py-10 md:items-center' },
        formElement,
      ),
    ),
  );

  // The screen follows the form state and the few facts beside it; messages come and go as
  // elements (not emptied in place), as the React screen rendered them.
  const render = () => {
    const { values, errors } = form.getSnapshot();
    if (emailInput.value !== values.email) emailInput.value = values.email;
    if (passwordInput.value !== values.password) passwordInput.value = values.password;
    email.setError(errors.email);
    password.setError(errors.password);
    passwordInput.type = showPassword ? 'text' : 'password';
    toggle.setVisible(showPassword);
    if (failure) {
      failureMessage.textContent = failure;
      if (!failureMessage.isConnected) submit.before(failureMessage);
    } else failureMessage.remove();
    submit.disabled = pending;
    submit.textContent = pending ? LOGIN_LABELS.submitting : LOGIN_LABELS.submit;
    captcha.setError(freshCaptcha ? undefined : errors.altcha);
  };
  form.subscribe(render);

  const onError = (error: unknown) => {
    const captchaRejected = error instanceof LoginError && error.captchaRejected;
    if (captchaRejected) form.setServerErrors({ altcha: LOGIN_MESSAGES.captchaRequired });
    else {
      failure = error instanceof LoginError ? error.message : LOGIN_MESSAGES.wrongCredentials;
      freshCaptcha = true;
    }
    // Each solution is accepted once: every attempt needs a fresh captcha.
    form.setValue('altcha', '');
    captcha.renew();
  };

  emailInput.addEventListener('input', () => form.setValue('email', emailInput.value));
  passwordInput.addEventListener('input', () => form.setValue('password', passwordInput.value));
  toggle.element.addEventListener('click', () => {
    showPassword = !showPassword;
    render();
  });

  formElement.addEventListener('submit', (event) => {
    event.preventDefault();
    // Every attempt starts over: the last refusal goes, the captcha counts again.
    failure = undefined;
    freshCaptcha = false;
    const check = form.validate();
    render();
    if (!check.valid) return;
    pending = true;
    render();
    // On success the session is stored and app/app.ts opens the signed-in app in our place;
    // for a user with a second factor, the code step takes the form's place first (issue 32).
    void login(check.data)
      .then((step) => {
        if (!step) return;
        const codeStep = twoFactorStep(step, () => {
          // Back to the password, which a new sign-in needs, with a fresh captcha.
          codeStep.replaceWith(formElement);
          form.setValue('password', '');
          form.setValue('altcha', '');
          captcha.renew();
          passwordInput.focus();
        });
        formElement.replaceWith(codeStep);
        codeStep.querySelector('input')?.focus();
      })
      .catch(onError)
      .finally(() => {
        pending = false;
        render();
      });
  });

  render();
  void load();
  return () => root.replaceChildren();
}
