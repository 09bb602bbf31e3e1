import type { KeyboardEvent } from 'react';
import { REQUEST_EMAIL_LABELS, emailComposerSchema } from '@crm/shared';
import { Button } from '../../../components/ui/button';
import { FormField, TextArea, TextInput } from '../../../components/ui/form-field';
import { useZodForm } from '../../../lib/use-zod-form';
import type { EmailDraft } from './email-draft';

export const NO_EMAIL: EmailDraft = { to: '', cc: '', subject: '', text: '' };

/** The composer's form: the send body's rules over what its boxes hold (emailComposerSchema). */
export const useEmailForm = () =>
  useZodForm(emailComposerSchema, NO_EMAIL, { focusFirstError: true });
export type EmailForm = ReturnType<typeof useEmailForm>;

export type EmailComposerProps = {
  form: EmailForm;
  pending: boolean;
  onSend: () => void;
  onDiscard: () => void;
};

/**
 * "Enviar correo": Para and Cc (addresses separated by commas), Asunto and Mensaje, as plain
 * text. It sits inside the Edit Request modal's form: Enter in a one-line box sends nothing.
 */
export function EmailComposer({ form, pending, onSend, onDiscard }: EmailComposerProps) {
  const { errors, values } = form;
  const to = form.field('to');
  const cc = form.field('cc');
  const subject = form.field('subject');
  const text = form.field('text');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };
  return (
    <fieldset
      onKeyDown={onKeyDown}
      aria-busy={pending}
      className="mb-2 space-y-3 rounded-md p-3 ring-1 ring-slate-200"
    >
      <legend className="sr-only">{REQUEST_EMAIL_LABELS.composer(values.subject)}</legend>
      <FormField id={to.id} label={REQUEST_EMAIL_LABELS.to} error={errors.to}>
        <TextInput {...to} type="text" inputMode="email" autoComplete="off" />
      </FormField>
      <FormField id={cc.id} label={REQUEST_EMAIL_LABELS.cc} error={errors.cc}>
        <TextInput {...cc} type="text" inputMode="email" autoComplete="off" />
      </FormField>
      <p className="-mt-2 text-xs text-slate-600">{REQUEST_EMAIL_LABELS.addressesHint}</p>
      <FormField id={subject.id} label={REQUEST_EMAIL_LABELS.subject} error={errors.subject}>
        <TextInput {...subject} autoFocus />
      </FormField>
      <FormField id={text.id} label={REQUEST_EMAIL_LABELS.text} error={errors.text}>
        <TextArea {...text} rows={8} />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">{REQUEST_EMAIL_LABELS.draftKept}</p>
        <div className="flex gap-2">
          <Button variant="secondary" className="py-1 text-xs" onClick={onDiscard}>
            {REQUEST_EMAIL_LABELS.discard}
          </Button>
          <Button className="py-1 text-xs" onClick={onSend} disabled={pending} aria-busy={pending}>
            {pending ? REQUEST_EMAIL_LABELS.sending : REQUEST_EMAIL_LABELS.send}
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
