import { useId } from 'react';
import {
  EVENT_TYPES,
  EVENT_TYPE_LABELS,
  WEBHOOK_LABELS,
  createWebhookBodySchema,
  type CreateWebhookBody,
  type CreatedWebhook,
  type EventType,
} from '@crm/shared';
import { useCreateWebhook } from '../../api/webhooks/webhooks';
import { Button } from '../../components/ui/button';
import { FormField, TextInput } from '../../components/ui/form-field';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';

const EMPTY: CreateWebhookBody = { url: '', events: [...EVENT_TYPES] };
const CHECKBOX = 'size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600';

/**
 * "Crear webhook": the address and the event types it wants (all unless narrowed). The address
 * is checked by the API too (where it leads); its message shows under the field.
 */
export function WebhookForm({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  const form = useZodForm(createWebhookBodySchema, EMPTY, { focusFirstError: true });
  const url = form.field('url');
  const eventsId = form.inputId('events');
  const allId = useId();
  const chosen = form.values.events;

  const toggle = (type: EventType, on: boolean) =>
    form.setValue(
      'events',
      EVENT_TYPES.filter((each) => (each === type ? on : chosen.includes(each))),
    );

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: (webhook) => {
        form.reset();
        notify.success(WEBHOOK_LABELS.created);
        onCreated(webhook);
      },
      onError: (error) => {
        form.showServerErrorsOf(error);
        notify.error(error.message || WEBHOOK_LABELS.saveFailed);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 border-t border-slate-100 pt-4">
      <FormField id={url.id} label={WEBHOOK_LABELS.url} error={form.errors.url}>
        <TextInput {...url} type="url" inputMode="url" autoComplete="off" spellCheck={false} />
      </FormField>
      <fieldset
        ref={form.fieldRef('events')}
        tabIndex={-1}
        aria-describedby={form.errors.events ? `${eventsId}-error` : undefined}
        className="space-y-2"
      >
        <legend className="mb-1 text-sm font-medium text-slate-700">{WEBHOOK_LABELS.events}</legend>
        <label
          htmlFor={allId}
          className="flex items-center gap-2 text-sm font-medium text-slate-800"
        >
          <input
            id={allId}
            type="checkbox"
            className={CHECKBOX}
            checked={chosen.length === EVENT_TYPES.length}
            onChange={(event) =>
              form.setValue('events', event.target.checked ? [...EVENT_TYPES] : [])
            }
          />
          {WEBHOOK_LABELS.allEvents}
        </label>
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className={CHECKBOX}
                checked={chosen.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              {EVENT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
        {form.errors.events ? (
          <p id={`${eventsId}-error`} className="text-xs font-medium text-red-600">
            {form.errors.events}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? WEBHOOK_LABELS.creating : WEBHOOK_LABELS.create}
      </Button>
    </form>
  );
}
