import { useState, type FormEvent } from 'react';
import { LOGIN_MESSAGES, loginFormSchema, type LoginForm } from '@crm/shared';
import { LoginError, useLogin } from '../../../api/session/login';
import { Button } from '../../../components/ui/button';
import { FormField, TextInput } from '../../../components/ui/form-field';
import { Logo } from '../../../components/ui/logo';
import { PasswordToggle } from '../../../components/ui/password-toggle';
import { EN, LABELS } from '../../../lib/labels';
import { useZodForm } from '../../../lib/use-zod-form';
import { CaptchaWidget } from './captcha-widget';

const EMPTY_LOGIN: LoginForm = { email: '', password: '', altcha: '' };

/** /login (§2): brand panel, "Correo", "Contraseña", captcha below the button. */
export function LoginPage() {
  const login = useLogin();
  const form = useZodForm(loginFormSchema, EMPTY_LOGIN);
  const [showPassword, setShowPassword] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [failure, setFailure] = useState<string>();
  // After a refused sign-in the captcha is a fresh, unsolved one: not an error yet. Its message
  // waits for the next attempt made without solving it, so the refusal shows alone.
  const [freshCaptcha, setFreshCaptcha] = useState(false);

  const submit = form.handleSubmit((credentials) => {
    // On success the session is stored and the /login guard opens the board.
    login.mutate(credentials, {
      onError: (error) => {
        const captchaRejected = error instanceof LoginError && error.captchaRejected;
        if (captchaRejected) form.setServerErrors({ altcha: LOGIN_MESSAGES.captchaRequired });
        else {
          setFailure(error instanceof LoginError ? error.message : LOGIN_MESSAGES.wrongCredentials);
          setFreshCaptcha(true);
        }
        // Each solution is accepted once: every attempt needs a fresh captcha.
        form.setValue('altcha', '');
        setCaptchaKey((key) => key + 1);
      },
    });
  });
  const onSubmit = (event: FormEvent) => {
    // Every attempt starts over: the last refusal goes, the captcha counts again.
    setFailure(undefined);
    setFreshCaptcha(false);
    submit(event);
  };
  const captchaError = freshCaptcha ? undefined : form.errors.altcha;

  const email = form.field('email');
  const password = form.field('password');

  return (
    <main className="flex min-h-dvh flex-col bg-slate-50 md:flex-row">
      <section
        aria-label="CRM"
        className="flex items-center justify-center gap-4 bg-gradient-to-br from-indigo-600 to-violet-700 px-8 py-8 text-white md:w-1/2 md:flex-col md:py-0"
      >
        <Logo className="size-14 drop-shadow md:size-24" />
        <p className="text-4xl font-black tracking-[0.3em] md:text-7xl">CRM</p>
        <p className="hidden max-w-xs text-center text-sm text-indigo-100 md:block">
          Back office de ventas
        </p>
      </section>

      <section className="flex flex-1 items-start justify-center px-6 py-10 md:items-center">
        <form noValidate onSubmit={onSubmit} className="w-full max-w-sm space-y-5">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{LABELS.login}</h1>

          <FormField id={email.id} label="Correo" error={form.errors.email}>
            <TextInput {...email} type="email" autoComplete="username" inputMode="email" />
          </FormField>

          <FormField id={password.id} label="Contraseña" error={form.errors.password}>
            <div className="relative">
              <TextInput
                {...password}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                className="pr-10"
              />
              <PasswordToggle
                visible={showPassword}
                onToggle={() => setShowPassword((visible) => !visible)}
                className="absolute inset-y-0 right-1 my-auto h-fit"
              />
            </div>
          </FormField>

          {failure ? (
            <p
              role="alert"
              {...EN}
              className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200"
            >
              {failure}
            </p>
          ) : null}

          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Iniciando...' : 'Ingresar'}
          </Button>

          <div>
            <CaptchaWidget
              key={captchaKey}
              onChange={(payload) => form.setValue('altcha', payload)}
            />
            {captchaError ? (
              <p role="alert" className="mt-1 text-xs font-medium text-red-600">
                {captchaError}
              </p>
            ) : null}
          </div>
        </form>
      </section>
    </main>
  );
}
