import {
  forgotPasswordBodySchema,
  LOGIN_MESSAGES,
  ACCOUNT_PAGE_LABELS,
  type ForgotPasswordBody,
  ACCOUNT_LABELS,
  APP_LABELS,
} from '@crm/shared';
import { forgotPassword } from '../../../api/account/account-links';
import { ApiError } from '../../../lib/api-client';
import { el } from '../../../lib/dom/el';
import { createFormStore } from '../../../lib/form/form-store';
import { captchaField, primaryButton, textField, textInput } from '../../auth';
import type { AccountPageOptions } from './account-page-options';
import { linkLine, messageBox, mountPageFrame, textLine } from './page-frame';

const EMPTY: ForgotPasswordBody = { email: '', altcha: '' };

/**
 * "¿Olvidaste tu contraseña?" (issue 23): the email and the captcha (below the button, as on the
 * login screen). The API answers the same for any address, so the page shows its message as
 * given; too many requests (429) show the API's message, which says how long to wait.
 */
export function mountForgotPage(
  root: HTMLElement,
  { navigate, loadCaptcha, loginPath }: AccountPageOptions,
): () => void {
  const frame = mountPageFrame(root, ACCOUNT_PAGE_LABELS.forgotHeading);
  const form = createFormStore(forgotPasswordBodySchema, EMPTY);
  let pending = false;
  let failure: string | undefined;
  // After a refusal the captcha is a fresh, unsolved one: not an error until the next attempt
  // (as on the login screen), so the refusal shows alone.
  let captchaRenewed = false;

  const emailInput = textInput({
    id: 'forgot-email',
    name: 'email',
    type: 'email',
    autocomplete: 'username',
    inputmode: 'email',
  });
  const email = textField(ACCOUNT_PAGE_LABELS.email, emailInput);
  const submit = primaryButton({ type: 'submit' }, 'w-full');
  const failureMessage = messageBox('alert', '');
  const captcha = captchaField((payload) => form.setValue('altcha', payload));

  const formElement = el(
    'form',
    { novalidate: '', class: 'space-y-5' },
    textLine(ACCOUNT_LABELS.forgotIntro),
    email.element,
    submit,
    captcha.element,
  );
  frame.show(formElement, linkLine(loginPath, ACCOUNT_PAGE_LABELS.backToLogin, navigate));

  const render = () => {
    const { values, errors } = form.getSnapshot();
    if (emailInput.value !== values.email) emailInput.value = values.email;
    email.setError(errors.email);
    if (failure) {
      failureMessage.textContent = failure;
      if (!failureMessage.isConnected) submit.before(failureMessage);
    } else failureMessage.remove();
    submit.disabled = pending;
    submit.textContent = pending ? ACCOUNT_LABELS.sending : ACCOUNT_PAGE_LABELS.forgotSend;
    captcha.setError(captchaRenewed ? undefined : errors.altcha);
  };
  const unsubscribe = form.subscribe(render);

  // A solution is accepted once: after any answer but success, a fresh captcha.
  const freshCaptcha = () => {
    form.setValue('altcha', '');
    captcha.renew();
  };

  const onError = (error: unknown) => {
    const captchaRefused =
      error instanceof ApiError && error.fieldErrors.some(({ path }) => path === 'altcha');
    if (captchaRefused) form.setServerErrors({ altcha: LOGIN_MESSAGES.captchaRequired });
    else {
      failure =
        error instanceof ApiError && error.status === 429
          ? error.message
          : ACCOUNT_LABELS.requestFailed;
      captchaRenewed = true;
    }
    freshCaptcha();
  };

  emailInput.addEventListener('input', () => form.setValue('email', emailInput.value));
  formElement.addEventListener('submit', (event) => {
    event.preventDefault();
    failure = undefined;
    captchaRenewed = false;
    const check = form.validate();
    render();
    if (!check.valid || pending) return;
    pending = true;
    render();
    forgotPassword(check.data)
      .then(({ message }) =>
        frame.show(messageBox('status', message), linkLine(loginPath, APP_LABELS.login, navigate)),
      )
      .catch(onError)
      .finally(() => {
        pending = false;
        render();
      });
  });

  render();
  void loadCaptcha();
  return () => {
    unsubscribe();
    root.replaceChildren();
  };
}
