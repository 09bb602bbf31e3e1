import { useId, type KeyboardEvent } from 'react';
import {
  EMAIL_TEMPLATE_LABELS,
  REQUEST_EMAIL_LABELS,
  emailComposerSchema,
  mergeTemplate,
  type MergeValues,
} from '@crm/shared';
import { useEmailTemplates } from '../../../api/emails/email-templates';
import { Button } from '../../../components/ui/button';
import { FormField, Select, TextArea, TextInput } from '../../../components/ui/form-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { AttachmentsPicker } from './attachments-picker';
import type { EmailDraft } from './email-draft';

export const NO_EMAIL: EmailDraft = { to: '', cc: '', subject: '', text: '' };

/**
 * The composer's form, from `start` (a kept draft, else empty): the send body's rules over what
 * its boxes hold (emailComposerSchema).
 */
export const useEmailForm = (start: EmailDraft = NO_EMAIL) =>
  useZodForm(emailComposerSchema, start, { focusFirstError: true });
export type EmailForm = ReturnType<typeof useEmailForm>;

export type EmailComposerProps = {
  requestId: string;
  /** The request's files it carries (their ids), and their change. */
  attachments: readonly string[];
  onAttachmentsChange: (attachments: string[]) => void;
  form: EmailForm;
  /** The request's values for a template's merge fields. */
  mergeValues: MergeValues;
  pending: boolean;
  onSend: () => void;
  onDiscard: () => void;
};

/**
 * "Enviar correo": Para and Cc (addresses separated by commas), Asunto and Mensaje, as plain
 * text. It sits inside the Edit Request modal's form: Enter in a one-line box sends nothing.
 */
export function EmailComposer({
  requestId,
  attachments,
  onAttachmentsChange,
  form,
  mergeValues,
  pending,
  onSend,
  onDiscard,
}: EmailComposerProps) {
  const templates = useEmailTemplates();
  const templateId = useId();
  /**
   * A template fills the subject when it is empty and adds its text under what is typed:
   * choosing one never loses a word.
   */
  const applyTemplate = (id: string) => {
    const template = templates.data?.items.find((item) => item._id === id);
    if (!template) return;
    const merged = mergeTemplate(template, mergeValues);
    if (form.values.subject.trim() === '') form.setValue('subject', merged.subject);
    const typed = form.values.text.trimEnd();
    form.setValue('text', typed === '' ? merged.text : `${typed}\n\n${merged.text}`);
  };
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
      {templates.data && templates.data.items.length > 0 ? (
        <FormField id={templateId} label={EMAIL_TEMPLATE_LABELS.choose}>
          <Select id={templateId} value="" onChange={(event) => applyTemplate(event.target.value)}>
            <option value="">{EMAIL_TEMPLATE_LABELS.none}</option>
            {templates.data.items.map((template) => (
              <option key={template._id} value={template._id}>
                {template.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
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
      <AttachmentsPicker
        requestId={requestId}
        chosen={attachments}
        onChange={onAttachmentsChange}
      />
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
