import { useId, useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import {
  EMAIL_TEMPLATE_LABELS,
  EMAIL_TEMPLATE_MESSAGES,
  REQUEST_EMAIL_LABELS,
  emailTemplateBodySchema,
  type EmailTemplate,
  type EmailTemplateBody,
} from '@crm/shared';
import {
  currentTemplateOf,
  useChangeTemplate,
  useEmailTemplates,
} from '../../api/emails/email-templates';
import { Button, IconButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField, TextArea, TextInput } from '../../components/ui/form-field';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';

const EMPTY: EmailTemplateBody = { name: '', subject: '', text: '' };

/** The template being written: a new one, or one at the version it was read. */
type Editing = { id: string; version: number } | 'new';

/**
 * Ajustes' "Plantillas de correo" (issue 35): the mails the team writes again and again, with
 * merge fields that the composer fills in for each request. A change names the version it was
 * read at: someone else's change meanwhile is shown (a 409), and what was typed stays.
 */
export function EmailTemplatesSection() {
  const templates = useEmailTemplates();
  const change = useChangeTemplate();
  const form = useZodForm(emailTemplateBodySchema, EMPTY, { focusFirstError: true });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<EmailTemplate | null>(null);
  const headingId = useId();
  const name = form.field('name');
  const subject = form.field('subject');
  const text = form.field('text');

  const open = (template?: EmailTemplate) => {
    form.reset(
      template ? { name: template.name, subject: template.subject, text: template.text } : EMPTY,
    );
    setEditing(template ? { id: template._id, version: template.version } : 'new');
  };

  const save = form.handleSubmit((body) => {
    if (!editing || change.isPending) return;
    const saving =
      editing === 'new'
        ? ({ kind: 'create', body } as const)
        : ({
            kind: 'update',
            templateId: editing.id,
            body: { ...body, version: editing.version },
          } as const);
    change.mutate(saving, {
      onSuccess: () => {
        notify.success(EMAIL_TEMPLATE_LABELS.saved);
        setEditing(null);
      },
      onError: (error) => {
        const theirs = currentTemplateOf(error);
        if (theirs && editing !== 'new') {
          // Saved next time over their version; what was typed stays.
          setEditing({ id: theirs._id, version: theirs.version });
          notify.error(EMAIL_TEMPLATE_MESSAGES.conflict);
        } else if (error instanceof ApiError && error.fieldErrors.length > 0) {
          form.showServerErrorsOf(error);
        } else notify.error(error.message);
      },
    });
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };

  const items = templates.data?.items ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {EMAIL_TEMPLATE_LABELS.section}
        </h2>
        {editing === null ? (
          <Button variant="secondary" className="py-1 text-xs" onClick={() => open()}>
            {EMAIL_TEMPLATE_LABELS.add}
          </Button>
        ) : null}
      </div>
      <p className="mb-4 text-sm text-slate-600">{EMAIL_TEMPLATE_LABELS.intro}</p>

      {editing !== null ? (
        <form
          noValidate
          onSubmit={onSubmit}
          className="mb-4 space-y-3 rounded-md p-3 ring-1 ring-slate-200"
        >
          <FormField id={name.id} label={EMAIL_TEMPLATE_LABELS.name} error={form.errors.name}>
            <TextInput {...name} autoFocus />
          </FormField>
          <FormField
            id={subject.id}
            label={REQUEST_EMAIL_LABELS.subject}
            error={form.errors.subject}
          >
            <TextInput {...subject} />
          </FormField>
          <FormField id={text.id} label={REQUEST_EMAIL_LABELS.text} error={form.errors.text}>
            <TextArea {...text} rows={8} />
          </FormField>
          <p className="text-xs text-slate-600">{EMAIL_TEMPLATE_LABELS.mergeFields}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" className="py-1 text-xs" onClick={() => setEditing(null)}>
              {EMAIL_TEMPLATE_LABELS.cancel}
            </Button>
            <Button type="submit" className="py-1 text-xs" disabled={change.isPending}>
              {EMAIL_TEMPLATE_LABELS.save}
            </Button>
          </div>
        </form>
      ) : null}

      {hasFailed(templates) ? (
        <LoadError
          message={EMAIL_TEMPLATE_LABELS.loadFailed}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : templates.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{EMAIL_TEMPLATE_LABELS.empty}</p>
      ) : (
        <ul aria-label={EMAIL_TEMPLATE_LABELS.section} className="divide-y divide-slate-100">
          {items.map((template) => (
            <li key={template._id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-slate-900">{template.name}</p>
                <p className="text-xs break-words text-slate-600">{template.subject}</p>
              </div>
              <div className="flex shrink-0 gap-1">
                <IconButton
                  label={EMAIL_TEMPLATE_LABELS.edit(template.name)}
                  onClick={() => open(template)}
                >
                  <Pencil className="size-4" aria-hidden />
                </IconButton>
                <IconButton
                  label={EMAIL_TEMPLATE_LABELS.remove(template.name)}
                  onClick={() => setRemoving(template)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        message={EMAIL_TEMPLATE_LABELS.confirmRemove(removing?.name ?? '')}
        confirmLabel={EMAIL_TEMPLATE_LABELS.removeConfirm}
        cancelLabel={EMAIL_TEMPLATE_LABELS.cancel}
        onConfirm={() => {
          const template = removing;
          setRemoving(null);
          if (!template) return;
          change.mutate(
            { kind: 'remove', templateId: template._id },
            {
              onSuccess: () => notify.success(EMAIL_TEMPLATE_LABELS.removed),
              onError: (error) => notify.error(error.message),
            },
          );
        }}
        onCancel={() => setRemoving(null)}
        placement="center"
      />
    </section>
  );
}
