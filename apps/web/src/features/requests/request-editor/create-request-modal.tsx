import { useCallback, useEffect, useRef } from 'react';
import {
  createRequestBodySchema,
  DEFAULT_REQUEST_TYPE,
  type CreateRequestBody,
  CREATE_REQUEST_LABELS,
} from '@crm/shared';
import { useCreateRequest } from '../../../api/requests/create-request';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDiscardPrompt } from '../../../components/ui/discard-changes-dialog';
import { FormField, Select, TextArea, TextInput } from '../../../components/ui/form-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { Options, REQUEST_TYPE_OPTIONS } from '../shared';

const EMPTY_REQUEST: CreateRequestBody = {
  name: '',
  email: '',
  requestType: DEFAULT_REQUEST_TYPE,
  message: '',
};

export type CreateRequestModalProps = {
  open: boolean;
  onClose: () => void;
  /** The request was created: open its Edit Request modal, where the person carries on. */
  onCreated: (requestId: string) => void;
};

/**
 * The Create Request modal (§2), opened by the "+" of the "NUEVA SOLICITUD" column. Closing it
 * (X, Escape, backdrop) with something typed asks "¿Descartar los cambios?" first (issue 12).
 * On success it resets and closes as §2 says, with its notice, and the new request's Edit
 * Request modal opens in its place (issue 25): its other fields are what comes next.
 */
export function CreateRequestModal({ open, onClose, onCreated }: CreateRequestModalProps) {
  const creation = useCreateRequest();
  // Set between a success and this dialog's closing: the Edit Request modal opening in its
  // place takes the focus, so this one gives none back to the "+" (it would land behind the
  // new modal). That modal, once closed, gives it to the new card (requestFocusTarget).
  const handedOver = useRef(false);
  // Cleared on each opening: a creation answered after the dialog was closed (Escape while it
  // was sending) must not keep the next closing from giving the focus back.
  useEffect(() => {
    if (open) handedOver.current = false;
  }, [open]);
  const form = useZodForm(createRequestBodySchema, EMPTY_REQUEST, {
    focusFirstError: true,
  });
  const { reset } = form;
  const discard = useDiscardPrompt({
    hasChanges: form.hasChanges,
    onDiscard: useCallback(() => {
      reset();
      onClose();
    }, [reset, onClose]),
  });

  const onSubmit = form.handleSubmit((body) => {
    creation.mutate(body, {
      onSuccess: (created) => {
        form.reset();
        handedOver.current = true;
        onClose();
        onCreated(created._id);
      },
    });
  });

  const name = form.field('name');
  const email = form.field('email');
  const requestType = form.field('requestType');
  const message = form.field('message');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && discard.requestClose()}
      title={CREATE_REQUEST_LABELS.title}
      returnFocus={(opener) => (handedOver.current ? null : opener)}
    >
      {discard.prompt}
      <form noValidate onSubmit={onSubmit} className="space-y-4 px-5 py-4">
        <FormField id={name.id} label={CREATE_REQUEST_LABELS.name} error={form.errors.name}>
          <TextInput {...name} autoComplete="off" />
        </FormField>
        <FormField id={email.id} label={CREATE_REQUEST_LABELS.email} error={form.errors.email}>
          <TextInput {...email} type="email" autoComplete="off" />
        </FormField>
        <FormField
          id={requestType.id}
          label={CREATE_REQUEST_LABELS.requestType}
          error={form.errors.requestType}
        >
          <Select {...requestType}>
            <Options options={REQUEST_TYPE_OPTIONS} />
          </Select>
        </FormField>
        <FormField
          id={message.id}
          label={CREATE_REQUEST_LABELS.message}
          error={form.errors.message}
        >
          <TextArea {...message} rows={4} />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={creation.isPending}>
            {creation.isPending ? CREATE_REQUEST_LABELS.submitting : CREATE_REQUEST_LABELS.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
