import {
  ACCOUNT_MESSAGES,
  PROFILE_LABELS,
  updateProfileBodySchema,
  type Profile,
  type UpdateProfileBody,
} from '@crm/shared';
import { Button } from '../../components/ui/button';
import { FormField, TextInput } from '../../components/ui/form-field';
import { useZodForm } from '../../lib/use-zod-form';
import { useUpdateProfile } from '../../api/profile/profile';
import { useFormOutcome } from './form-outcome';
import { FormOutcome } from './profile-section';

export type NameFormProps = { profile: Profile };

/** Name and last name (§5's edit-user rules); what was typed stays when saving fails. */
export function NameForm({ profile }: NameFormProps) {
  const update = useUpdateProfile();
  const result = useFormOutcome();
  const initial: UpdateProfileBody = { name: profile.name, lastName: profile.lastName };
  const form = useZodForm(updateProfileBodySchema, initial, { focusFirstError: true });
  const name = form.field('name');
  const lastName = form.field('lastName');

  const onSubmit = form.handleSubmit((body) => {
    // What was typed, as typed: the form empties only if it still holds exactly that.
    const sent = form.values;
    result.clear();
    update.mutate(body, {
      onSuccess: (saved) => {
        form.resetIfStill(sent, { name: saved.name, lastName: saved.lastName });
        result.succeeded(ACCOUNT_MESSAGES.profileSaved);
      },
      onError: (error) => {
        form.showServerErrorsOf(error);
        result.failed(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={name.id} label={PROFILE_LABELS.name} error={form.errors.name}>
          <TextInput {...name} autoComplete="given-name" />
        </FormField>
        <FormField id={lastName.id} label={PROFILE_LABELS.lastName} error={form.errors.lastName}>
          <TextInput {...lastName} autoComplete="family-name" />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? PROFILE_LABELS.saving : PROFILE_LABELS.save}
        </Button>
        <FormOutcome outcome={result.outcome} />
      </div>
    </form>
  );
}
