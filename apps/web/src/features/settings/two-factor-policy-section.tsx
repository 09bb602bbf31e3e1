import { useId, useState, type FormEvent } from 'react';
import {
  MAX_TWO_FACTOR_GRACE_DAYS,
  SETTINGS_LABELS,
  TWO_FACTOR_REQUIREMENTS,
  twoFactorPolicySchema,
  type TwoFactorPolicy,
  type TwoFactorRequirement,
  TWO_FACTOR_LOGIN_LABELS,
  TWO_FACTOR_POLICY_LABELS,
} from '@crm/shared';
import {
  useTwoFactorPolicy,
  useUpdateTwoFactorPolicy,
} from '../../api/two-factor/two-factor-policy';
import { Button } from '../../components/ui/button';
import { FormField, Select, TextInput } from '../../components/ui/form-field';
import { ErrorText, LoadingText } from '../../components/ui/status-text';
import { serverFieldErrors } from '../../lib/api-client';

type Errors = Partial<Record<keyof TwoFactorPolicy, string>>;

/** The fields, from the policy read; saved on their own (PUT /api/settings/two-factor). */
function PolicyForm({ policy }: { policy: TwoFactorPolicy }) {
  const update = useUpdateTwoFactorPolicy();
  const [require, setRequire] = useState<TwoFactorRequirement>(policy.require);
  const [days, setDays] = useState(String(policy.graceDays));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const requireId = useId();
  const daysId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const checked = twoFactorPolicySchema.safeParse({
      require,
      graceDays: days.trim() === '' ? Number.NaN : Number(days),
    });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        found[issue.path[0] as keyof TwoFactorPolicy] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(checked.data, {
      onSuccess: () => setOutcome({ ok: true, message: SETTINGS_LABELS.saved }),
      onError: (error) => {
        const named = serverFieldErrors(error);
        if (named) setErrors(named);
        else setOutcome({ ok: false, message: error.message });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={requireId}
          label={TWO_FACTOR_POLICY_LABELS.requirement}
          error={errors.require}
        >
          <Select
            id={requireId}
            value={require}
            onChange={(event) => setRequire(event.target.value as TwoFactorRequirement)}
          >
            {TWO_FACTOR_REQUIREMENTS.map((option) => (
              <option key={option} value={option}>
                {TWO_FACTOR_POLICY_LABELS.requirementOptions[option]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={daysId} label={TWO_FACTOR_POLICY_LABELS.graceDays} error={errors.graceDays}>
          <TextInput
            id={daysId}
            type="number"
            min={0}
            max={MAX_TWO_FACTOR_GRACE_DAYS}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            aria-invalid={errors.graceDays ? true : undefined}
            aria-describedby={errors.graceDays ? `${daysId}-error` : `${daysId}-hint`}
          />
        </FormField>
      </div>
      <p id={`${daysId}-hint`} className="text-sm text-slate-600">
        {TWO_FACTOR_POLICY_LABELS.graceHint}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {/* Named apart from the form above's "Guardar": each saves its own part. */}
        <Button
          type="submit"
          disabled={update.isPending}
          aria-label={`${SETTINGS_LABELS.save} ${TWO_FACTOR_LOGIN_LABELS.heading.toLowerCase()}`}
        >
          {SETTINGS_LABELS.save}
        </Button>
        {outcome ? (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={`text-sm ${outcome.ok ? 'text-green-700' : 'text-red-700'}`}
          >
            {outcome.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Ajustes' "Verificación en dos pasos" (issue 32): who must use a second factor (nadie,
 * administradores, todos) and the days of grace from each one's next sign-in.
 */
export function TwoFactorPolicySection() {
  const policy = useTwoFactorPolicy();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="mb-4 text-base font-semibold text-slate-900">
        {TWO_FACTOR_LOGIN_LABELS.heading}
      </h2>
      {policy.isPending ? (
        <LoadingText />
      ) : policy.isError ? (
        <ErrorText message={policy.error.message} />
      ) : (
        <PolicyForm policy={policy.data} />
      )}
    </section>
  );
}
