import {
  changeEmailBodySchema,
  PROFILE_LABELS,
  type ChangeEmailBody,
  type Profile,
} from '@crm/shared';
import { Button } from '../../components/ui/button';
import { FormField, TextInput } from '../../components/ui/form-field';
import { useZodForm } from '../../lib/use-zod-form';
import { useChangeEmail } from '../../api/profile/profile';
import { useFormOutcome } from './form-outcome';
import { FormOutcome } from './profile-section';

const EMPTY: ChangeEmailBody = { newEmail: '', currentPassword: '' };

export type EmailFormProps = { profile: Profile };

/**
 * The email, read only, and "Cambiar correo": the new address and the current password; the
 * address changes once the link mailed to it is opened, meanwhile shown as pending.
 */
export function EmailForm({ profile }: EmailFormProps) {
  const change = useChangeEmail();
  const result = useFormOutcome();
  const form = useZodForm(changeEmailBodySchema, EMPTY, { focusFirstError: true });
  const newEmail = form.field('newEmail');
  const currentPassword = form.field('currentPassword');

  const onSubmit = form.handleSubmit((body) => {
    // What was typed, as typed: the form empties only if it still holds exactly that.
    const sent = form.values;
    result.clear();
    change.mutate(body, {
      onSuccess: ({ message }) => {
        form.resetIfStill(sent);
        result.succeeded(message);
      },
      onError: (error) => {
        form.showServerErrorsOf(error);
        result.failed(error);
      },
    });
  });

  return (
    <div className="mt-6 space-y-4 border-t border-slate-100 pt-5">
      <div>
        <p className="text-sm font-medium text-slate-700">{PROFILE_LABELS.email}</p>
        <p className="text-sm text-slate-900">{profile.email}</p>
        {profile.pendingEmail ? (
          <p className="mt-1 text-sm text-amber-700">
            {PROFILE_LABELS.pendingEmail(profile.pendingEmail)}
          </p>
        ) : null}
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={PROFILE_LABELS.changeEmail}
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={newEmail.id} label={PROFILE_LABELS.newEmail} error={form.errors.newEmail}>
            <TextInput {...newEmail} type="email" autoComplete="email" />
          </FormField>
          <FormField
            id={currentPassword.id}
            label={PROFILE_LABELS.currentPassword}
            error={form.errors.currentPassword}
          >
            <TextInput {...currentPassword} type="password" autoComplete="current-password" />
          </FormField>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={change.isPending}>
            {PROFILE_LABELS.changeEmail}
          </Button>
          <FormOutcome outcome={result.outcome} />
        </div>
      </form>
    </div>
  );
}
