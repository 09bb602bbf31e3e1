import { useEffect, useRef, useState } from 'react';
import {
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  PROFILE_LABELS,
  TWO_FACTOR_LABELS,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
  TWO_FACTOR_LOGIN_LABELS,
  formatDateTime,
} from '@crm/shared';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../../api/two-factor/own-two-factor';
import { useTimeZone } from '../../api/preferences/get-preferences';
import { Button } from '../../components/ui/button';
import { FormField, TextInput } from '../../components/ui/form-field';
import { ErrorText, LoadingText } from '../../components/ui/status-text';
import { useZodForm } from '../../lib/use-zod-form';
import { useFormOutcome } from './form-outcome';
import { FormOutcome } from './profile-section';

/*
 * Perfil's "Verificación en dos pasos" (issue 32): turn it on (scan the QR code the API drew,
 * confirm with a code, keep the ten recovery codes shown once), or off with the password; the
 * administrator's requirement and its deadline, when it applies.
 */

const NOTICE_CLASS =
  'rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200';

/** The recovery codes, shown once: copy, download, then put away. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">
        {TWO_FACTOR_LOGIN_LABELS.recoveryTitle}
      </h3>
      <p className="text-sm text-slate-600">{TWO_FACTOR_LOGIN_LABELS.recoveryIntro}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm ring-1 ring-slate-200 sm:max-w-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {copied ? TWO_FACTOR_LOGIN_LABELS.copied : TWO_FACTOR_LOGIN_LABELS.copy}
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="codigos-de-recuperacion.txt"
          className="text-sm font-medium text-indigo-600 hover:underline"
        >
          {TWO_FACTOR_LOGIN_LABELS.download}
        </a>
        <Button onClick={onDone}>{TWO_FACTOR_LOGIN_LABELS.done}</Button>
      </div>
    </div>
  );
}

/** The new secret's QR code and text, and the code that confirms it. */
function Enrolment({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const form = useZodForm(enableTwoFactorBodySchema, { code: '' }, { focusFirstError: true });
  const code = form.field('code');
  const onSubmit = form.handleSubmit((body) => {
    enable.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => form.showServerErrorsOf(error),
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-600">{TWO_FACTOR_LOGIN_LABELS.scan}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={TWO_FACTOR_LOGIN_LABELS.qrAlt}
        className="size-44 bg-white"
      />
      <p className="text-sm text-slate-600">
        {TWO_FACTOR_LOGIN_LABELS.manual}{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all">{setup.secret}</code>
      </p>
      <FormField
        id={code.id}
        label={TWO_FACTOR_LOGIN_LABELS.code}
        error={form.errors.code}
        className="sm:max-w-xs"
      >
        <TextInput {...code} autoComplete="one-time-code" inputMode="numeric" />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={enable.isPending}>
          {TWO_FACTOR_LABELS.confirm}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {TWO_FACTOR_LABELS.cancel}
        </Button>
      </div>
    </form>
  );
}

/** Turning it off: the current password (a stolen session alone can't). */
function DisableForm() {
  const disable = useDisableTwoFactor();
  const result = useFormOutcome();
  const form = useZodForm(disableTwoFactorBodySchema, { currentPassword: '' });
  const password = form.field('currentPassword');
  const onSubmit = form.handleSubmit(({ currentPassword }) => {
    result.clear();
    disable.mutate(currentPassword, {
      onSuccess: () => result.succeeded(TWO_FACTOR_MESSAGES.disabled),
      onError: (error) => {
        form.showServerErrorsOf(error);
        result.failed(error);
      },
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-600">{TWO_FACTOR_LABELS.disableHint}</p>
      <FormField
        id={password.id}
        label={PROFILE_LABELS.currentPassword}
        error={form.errors.currentPassword}
        className="sm:max-w-sm"
      >
        <TextInput {...password} type="password" autoComplete="current-password" />
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={disable.isPending}>
          {TWO_FACTOR_LABELS.disable}
        </Button>
        <FormOutcome outcome={result.outcome} />
      </div>
    </form>
  );
}

/** The administrator's requirement, while the caller lacks a second factor. */
function Requirement({ status }: { status: TwoFactorStatus }) {
  const notice = useRef<HTMLParagraphElement>(null);
  const shown = status.required && !status.enabled;
  const timeZone = useTimeZone();
  // A sign-in within the grace opens Perfil (api/session/login.ts): the notice is what it is for.
  useEffect(() => {
    if (shown) notice.current?.scrollIntoView?.({ block: 'center' });
  }, [shown]);
  if (!shown) return null;
  return (
    <p ref={notice} role="status" className={NOTICE_CLASS}>
      {status.setupBy
        ? TWO_FACTOR_LABELS.requiredUntil(formatDateTime(status.setupBy, timeZone))
        : TWO_FACTOR_LABELS.required}
    </p>
  );
}

export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const [codes, setCodes] = useState<string[] | null>(null);
  const result = useFormOutcome();
  const timeZone = useTimeZone();

  if (codes) {
    return (
      <div className="space-y-3">
        <p role="status" className="text-sm text-green-700">
          {TWO_FACTOR_MESSAGES.enabled}
        </p>
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </div>
    );
  }
  if (status.isPending) return <LoadingText />;
  if (status.isError) return <ErrorText message={status.error.message} />;
  const { data } = status;

  if (data.enabled) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <span className="mr-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            {TWO_FACTOR_LABELS.on}
          </span>
          {data.enabledAt
            ? TWO_FACTOR_LABELS.enabledSince(formatDateTime(data.enabledAt, timeZone))
            : null}{' '}
          {TWO_FACTOR_LABELS.recoveryLeft(data.recoveryCodesLeft)}
        </p>
        <DisableForm />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <Requirement status={data} />
      <p className="text-sm text-slate-600">{TWO_FACTOR_LABELS.intro}</p>
      {setup.data ? (
        <Enrolment
          setup={setup.data}
          onCancel={() => setup.reset()}
          onEnabled={(recoveryCodes) => {
            setup.reset();
            setCodes(recoveryCodes);
          }}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            disabled={setup.isPending}
            onClick={() => {
              result.clear();
              setup.mutate(undefined, { onError: result.failed });
            }}
          >
            {TWO_FACTOR_LABELS.start}
          </Button>
          <FormOutcome outcome={result.outcome} />
        </div>
      )}
    </div>
  );
}
