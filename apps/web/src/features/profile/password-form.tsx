import { useState } from 'react';
import {
  changePasswordFormSchema,
  PROFILE_LABELS,
  type ChangePasswordForm as PasswordValues,
} from '@crm/shared';
import { Button } from '../../components/ui/button';
import { FormField, TextInput } from '../../components/ui/form-field';
import { PasswordToggle } from '../../components/ui/password-toggle';
import { useZodForm } from '../../lib/use-zod-form';
import { useChangePassword } from '../../api/profile/profile';
import { useFormOutcome } from './form-outcome';
import { FormOutcome } from './profile-section';

const EMPTY: PasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * "Contraseña": the current one, then the new one twice (§5's rules, checked here as the API
 * checks them). On success every other session ends and the answer says so.
 */
export function PasswordForm() {
  const change = useChangePassword();
  const result = useFormOutcome();
  const form = useZodForm(changePasswordFormSchema, EMPTY, { focusFirstError: true });
  const [visible, setVisible] = useState(false);
  const currentPassword = form.field('currentPassword');
  const password = form.field('password');
  const confirmPassword = form.field('confirmPassword');
  const type = visible ? 'text' : 'password';

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
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
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-600">{PROFILE_LABELS.passwordHelp}</p>
      <FormField
        id={currentPassword.id}
        label={PROFILE_LABELS.currentPassword}
        error={form.errors.currentPassword}
        className="sm:max-w-sm"
      >
        <TextInput {...currentPassword} type={type} autoComplete="current-password" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={password.id} label={PROFILE_LABELS.newPassword} error={form.errors.password}>
          <TextInput {...password} type={type} autoComplete="new-password" />
        </FormField>
        <FormField
          id={confirmPassword.id}
          label={PROFILE_LABELS.confirmPassword}
          error={form.errors.confirmPassword}
        >
          <div className="flex items-center gap-1">
            <TextInput {...confirmPassword} type={type} autoComplete="new-password" />
            <PasswordToggle visible={visible} onToggle={() => setVisible((shown) => !shown)} />
          </div>
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={change.isPending}>
          {PROFILE_LABELS.changePassword}
        </Button>
        <FormOutcome outcome={result.outcome} />
      </div>
    </form>
  );
}
