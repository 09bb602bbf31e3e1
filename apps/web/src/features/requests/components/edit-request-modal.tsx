import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  API_MESSAGES,
  checkStageRules,
  MISSING_REQUEST_NUMBER,
  SOURCE_OF_CONTACT_LABELS,
  SOURCES_OF_CONTACT,
  type Request,
} from '@crm/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { LABELS } from '../../../lib/labels';
import { eventDateToInput, fullName, inputToEventDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useUsers } from '../../users/api/get-users';
import { useRequests } from '../api/get-requests';
import { requestKeys } from '../api/query-keys';
import { isConflict, useSaveRequest } from '../api/save-request';
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

/** Opens on the request as it is in the list; renders nothing if it is gone. */
export function EditRequestModal({ requestId, onClose }: EditRequestModalProps) {
  const { data } = useRequests();
  const request = data?.find((candidate) => candidate._id === requestId);
  if (!request) return null;
  return <EditRequestForm initial={request} onClose={onClose} />;
}

type FieldName = keyof Request;

/** "Editar solicitud" (§2). The form holds the whole request object, sent as-is on save. */
function EditRequestForm({ initial, onClose }: { initial: Request; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { isAdmin } = useCurrentUser();
  const users = useUsers();
  const save = useSaveRequest();
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  const stageRules = useMemo(() => checkStageRules(draft), [draft]);
  const idFor = (name: string) => `edit-request-${base._id}-${name}`;

  const set = <K extends FieldName>(name: K, value: Request[K]) => {
    setDraft((previous) => ({ ...previous, [name]: value }));
    setSaved(false);
    setServerErrors(({ [name]: _removed, ...rest }) => rest);
  };
  const onInput =
    (name: FieldName) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set(name, readEditValue(event.target) as Request[typeof name]);

  const cancel = () => {
    setDraft(base);
    onClose();
  };

  const submit = () => {
    save.mutate(
      { original: base, draft },
      {
        onSuccess: (savedRequest) => {
          setBase(savedRequest);
          setDraft(savedRequest);
          setSaved(true);
        },
        onError: (error) => {
          if (isConflict(error)) {
            // Show what is stored now; the notice asks to apply the changes again.
            const fresh = queryClient
              .getQueryData<Request[]>(requestKeys.list())
              ?.find((candidate) => candidate._id === base._id);
            if (!fresh) {
              notify.error(API_MESSAGES.requestNotFound);
              onClose();
              return;
            }
            setBase(fresh);
            setDraft(fresh);
            return;
          }
          if (error instanceof ApiError) {
            setServerErrors(
              Object.fromEntries(error.fieldErrors.map((field) => [field.path, field.message])),
            );
          }
        },
      },
    );
  };

  const vendorName = (() => {
    if (draft.vendor === null) return LABELS.noVendor;
    const vendor = users.data?.find((user) => user._id === draft.vendor);
    return vendor ? fullName(vendor) : LABELS.noVendor;
  })();

  const textField = (name: FieldName, label: string, type = 'text') => (
    <FormField id={idFor(name)} label={label} error={serverErrors[name]}>
      <TextInput
        id={idFor(name)}
        name={name}
        type={type}
        value={String(draft[name] ?? '')}
        onChange={onInput(name)}
        aria-invalid={serverErrors[name] ? true : undefined}
        aria-describedby={serverErrors[name] ? `${idFor(name)}-error` : undefined}
      />
    </FormField>
  );
  const numberField = (name: 'eventsQuantity' | 'pax' | 'amoutPaid', label: string) => (
    <FormField id={idFor(name)} label={label} error={serverErrors[name]}>
      <TextInput
        id={idFor(name)}
        name={name}
        type="number"
        min={0}
        step={name === 'amoutPaid' ? 'any' : 1}
        value={String(draft[name])}
        onChange={onInput(name)}
      />
    </FormField>
  );

  const selectField = (
    name: 'status' | 'priority' | 'requestType',
    label: string,
    options: readonly SelectOption[],
  ) => (
    <FormField id={idFor(name)} label={label}>
      <Select id={idFor(name)} name={name} value={draft[name]} onChange={onInput(name)}>
        <Options options={options} />
      </Select>
    </FormField>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && cancel()}
      title="Editar solicitud"
      size="max-w-3xl"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="space-y-6 px-5 py-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {selectField('status', 'Etapa de la solicitud', STAGE_OPTIONS)}
            {isAdmin ? (
              <FormField id={idFor('vendor')} label="Ejecutivo">
                <Select
                  id={idFor('vendor')}
                  name="vendor"
                  value={draft.vendor ?? ''}
                  onChange={(event) => set('vendor', event.target.value || null)}
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
            <ReadOnly
              label="Número"
              value={String(draft.requestNumber ?? MISSING_REQUEST_NUMBER)}
            />
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
            <FormField id={idFor('eventDate')} label="Fecha del evento">
              <TextInput
                id={idFor('eventDate')}
                name="eventDate"
                type="date"
                value={eventDateToInput(draft.eventDate)}
                onChange={(event) => set('eventDate', inputToEventDate(event.target.value))}
              />
            </FormField>
            <div className="flex items-center gap-2 sm:col-span-2">
              <input
                id={idFor('emailSentToCloseEvents')}
                name="emailSentToCloseEvents"
                type="checkbox"
                className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                checked={draft.emailSentToCloseEvents === true}
                onChange={onInput('emailSentToCloseEvents')}
              />
              <label htmlFor={idFor('emailSentToCloseEvents')} className="text-sm text-slate-700">
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

          <NotesEditor notes={draft.notes} onChange={(notes) => set('notes', notes)} />
        </div>

        <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white px-5 py-3">
          <StageChecklist missing={stageRules} />
          <div className="ml-auto flex items-center gap-2">
            {saved ? (
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
    </Dialog>
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
