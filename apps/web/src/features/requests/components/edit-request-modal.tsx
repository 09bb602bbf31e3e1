import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  API_MESSAGES,
  checkStageRules,
  MISSING_REQUEST_NUMBER,
  SESSION_MESSAGES,
  SOURCE_OF_CONTACT_LABELS,
  SOURCES_OF_CONTACT,
  type Request,
} from '@crm/shared';
import { useRequest } from '../../../api/requests/get-request';
import {
  isConflict,
  reloadStoredRequest,
  useSaveRequest,
} from '../../../api/requests/update-request';
import { useCurrentUser } from '../../../api/session/get-current-user';
import { useUsers } from '../../../api/users/get-users';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { eventDateToInput, fullName, inputToEventDate } from '../../../lib/format';
import { LABELS } from '../../../lib/labels';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { readEditValue } from './edit-value';
import { NotesEditor } from './notes-editor';
import {
  Options,
  PRIORITY_OPTIONS,
  REQUEST_TYPE_OPTIONS,
  STAGE_OPTIONS,
  type SelectOption,
} from './select-options';
import { StageChecklist } from './stage-checklist';

export type EditRequestModalProps = { requestId: string; onClose: () => void };

/**
 * "Editar solicitud" (§2) on the request as the server holds it now (GET /api/form-contact/:id),
 * not as a column page had it: the modal can also be opened from a link.
 */
export function EditRequestModal({ requestId, onClose }: EditRequestModalProps) {
  const request = useRequest(requestId);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Editar solicitud"
      size="max-w-3xl"
    >
      {request.data ? (
        <EditRequestForm initial={request.data} onClose={onClose} />
      ) : (
        <div className="px-5 py-6 text-sm">
          {request.isError ? (
            <p role="alert" className="text-red-600">
              {SESSION_MESSAGES.errorPrefix}
              {readFailure(request.error)}
            </p>
          ) : (
            <p className="text-slate-500">{LABELS.loading}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** A link to a request that is gone (or never was) says so; anything else is a failed fetch (§8). */
const readFailure = (error: Error) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)
    ? API_MESSAGES.requestNotFound
    : SESSION_MESSAGES.fetchFailed;

/**
 * No rule blocks a save in the browser: the §5 stage rules only inform (StageChecklist), and a
 * value the API refuses comes back as a 400 whose field messages show under the fields, beside
 * the §8 notice. So the form passes the request through as it is.
 */
const checkedByTheServer = z.custom<Request>();

type FieldName = keyof Request;

type EditRequestFormProps = { initial: Request; onClose: () => void };

/** "Editar solicitud" (§2). The form holds the whole request object, sent as-is on save. */
function EditRequestForm({ initial, onClose }: EditRequestFormProps) {
  const queryClient = useQueryClient();
  const { isAdmin } = useCurrentUser();
  const users = useUsers();
  const save = useSaveRequest();
  // The form's default values are the server's copy: the request as opened, then as saved or
  // reloaded after a conflict. "Cancelar" and the vendor comparison both go back to it.
  const form = useZodForm(checkedByTheServer, initial, { readValue: readEditValue });
  // "Cambios guardados" shows after a successful save until the next change (form.isDirty).
  const [saved, setSaved] = useState(false);
  const draft = form.values;

  const stageRules = useMemo(() => checkStageRules(draft), [draft]);

  const cancel = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((request) => {
    save.mutate(
      { original: form.defaultValues, draft: request },
      {
        onSuccess: (savedRequest) => {
          form.reset(savedRequest);
          setSaved(true);
        },
        onError: (error) => {
          if (isConflict(error)) {
            // Show what is stored now; the notice asks to apply the changes again.
            void reloadStoredRequest(queryClient, form.defaultValues).then(
              (stored) => {
                if (!stored) {
                  notify.error(API_MESSAGES.requestNotFound);
                  onClose();
                  return;
                }
                // This save was refused: the reloaded copy is not "Cambios guardados".
                setSaved(false);
                form.reset(stored);
              },
              (reloadError: unknown) => console.error(reloadError),
            );
            return;
          }
          if (error instanceof ApiError) {
            form.setServerErrors(
              Object.fromEntries(error.fieldErrors.map((field) => [field.path, field.message])),
            );
          }
        },
      },
    );
  });

  const vendorName = (() => {
    if (draft.vendor === null) return LABELS.noVendor;
    const vendor = users.data?.find((user) => user._id === draft.vendor);
    return vendor ? fullName(vendor) : LABELS.noVendor;
  })();

  const textField = (name: FieldName, label: string, type = 'text') => {
    const props = form.field(name);
    return (
      <FormField id={props.id} label={label} error={form.errors[name]}>
        <TextInput {...props} type={type} />
      </FormField>
    );
  };

  const numberField = (name: 'eventsQuantity' | 'pax' | 'amoutPaid', label: string) => {
    const props = form.field(name);
    return (
      <FormField id={props.id} label={label} error={form.errors[name]}>
        <TextInput {...props} type="number" min={0} step={name === 'amoutPaid' ? 'any' : 1} />
      </FormField>
    );
  };

  const selectField = (
    name: 'status' | 'priority' | 'requestType',
    label: string,
    options: readonly SelectOption[],
  ) => {
    const props = form.field(name);
    return (
      <FormField id={props.id} label={label} error={form.errors[name]}>
        <Select {...props}>
          <Options options={options} />
        </Select>
      </FormField>
    );
  };

  const vendor = form.field('vendor');
  const eventDate = form.field('eventDate');
  const closingEmail = form.field('emailSentToCloseEvents');

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="space-y-6 px-5 py-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {selectField('status', 'Etapa de la solicitud', STAGE_OPTIONS)}
          {isAdmin ? (
            <FormField id={vendor.id} label="Ejecutivo" error={form.errors.vendor}>
              <Select
                {...vendor}
                // "Sin ejecutivo" is the empty option: no vendor.
                onChange={(event) => form.setValue('vendor', event.target.value || null)}
              >
                <option value="">{LABELS.noVendor}</option>
                {(users.data ?? []).map((user) => (
                  <option key={user._id} value={user._id}>
                    {fullName(user)}
                  </option>
                ))}
              </Select>
            </FormField>
          ) : (
            <ReadOnly label="Ejecutivo" value={vendorName} />
          )}
        </div>

        <Section title="Información general">
          <ReadOnly label="Número" value={String(draft.requestNumber ?? MISSING_REQUEST_NUMBER)} />
          {selectField('priority', 'Prioridad', PRIORITY_OPTIONS)}
        </Section>

        <Section title="Detalles">
          {selectField('requestType', 'Tipo de solicitud', REQUEST_TYPE_OPTIONS)}
          <div>
            <ReadOnly
              label="Fuente de contacto"
              value={SOURCE_OF_CONTACT_LABELS[draft.sourceOfContact]}
            />
            {/* §2: the source select exists but is never enabled. */}
            <Select
              aria-label="Fuente de contacto (no editable)"
              name="sourceOfContact"
              value={draft.sourceOfContact}
              disabled
              className="mt-2"
              onChange={() => undefined}
            >
              {SOURCES_OF_CONTACT.map((source) => (
                <option key={source} value={source}>
                  {SOURCE_OF_CONTACT_LABELS[source]}
                </option>
              ))}
            </Select>
          </div>
        </Section>

        <Section title="Información de contacto">
          {textField('name', 'Nombre')}
          {textField('email', 'Correo', 'email')}
          {textField('jobPosition', 'Cargo')}
          {textField('company', 'Compañía')}
          {textField('contactNumber', 'Teléfono', 'tel')}
        </Section>

        <Section title="Evento">
          {textField('paymentMethod', 'Método de pago')}
          {textField('bussinesItem', 'Rubro')}
          {numberField('eventsQuantity', 'Cantidad de eventos')}
          {numberField('pax', 'Pax')}
          {numberField('amoutPaid', 'Monto pagado')}
          <FormField id={eventDate.id} label="Fecha del evento" error={form.errors.eventDate}>
            <TextInput
              {...eventDate}
              type="date"
              value={eventDateToInput(draft.eventDate)}
              onChange={(event) => form.setValue('eventDate', inputToEventDate(event.target.value))}
            />
          </FormField>
          <div className="flex items-center gap-2 sm:col-span-2">
            <input
              id={closingEmail.id}
              name={closingEmail.name}
              type="checkbox"
              className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
              checked={draft.emailSentToCloseEvents === true}
              onChange={closingEmail.onChange}
            />
            <label htmlFor={closingEmail.id} className="text-sm text-slate-700">
              Correo de cierre enviado
            </label>
          </div>
        </Section>

        <div>
          <h3 className="text-sm font-semibold text-slate-900">Mensaje</h3>
          <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200">
            {draft.message}
          </p>
        </div>

        <NotesEditor notes={draft.notes} onChange={(notes) => form.setValue('notes', notes)} />
      </div>

      <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white px-5 py-3">
        <StageChecklist missing={stageRules} />
        <div className="ml-auto flex items-center gap-2">
          {saved && !form.isDirty ? (
            <span role="status" className="text-xs text-emerald-700">
              Cambios guardados
            </span>
          ) : null}
          <Button variant="secondary" onClick={cancel}>
            Cancelar
          </Button>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Spinner label="Guardando" /> : null}
            Guardar cambios
          </Button>
        </div>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700">{label}</p>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">
        {value}
      </p>
    </div>
  );
}
