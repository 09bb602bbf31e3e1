import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  API_MESSAGES,
  MISSING_REQUEST_NUMBER,
  isRequestStatus,
  REQUEST_MESSAGES,
  SESSION_MESSAGES,
  SOURCE_OF_CONTACT_LABELS,
  type Request,
} from '@crm/shared';
import { useRequestHistory } from '../../../api/requests/get-request-history';
import { useRequest } from '../../../api/requests/get-request';
import { useMoveRequest } from '../../../api/requests/move-request';
import {
  isConflict,
  reloadStoredRequest,
  useSaveRequest,
} from '../../../api/requests/update-request';
import { useCurrentUser } from '../../../api/session/get-current-user';
import { useUsers } from '../../../api/users/get-users';
import { Button } from '../../../components/ui/button';
import { Dialog, focusFirstField } from '../../../components/ui/dialog';
import { useDiscardPrompt } from '../../../components/ui/discard-changes-dialog';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorText, LoadingText } from '../../../components/ui/status-text';
import { ApiError, serverFieldErrors } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { LABELS } from '../../../lib/labels';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { requestFocusTarget } from '../shared';
import { ConflictPanel, MergedNotice } from './conflict-panel';
import { readEditValue } from './edit-value';
import {
  EVENT_DATE_INVALID,
  EventDateInput,
  PlaceholderNumberInput,
  PlaceholderTextInput,
  PENDING_PLACEHOLDER,
} from './event-fields';
import { HistoryTimeline } from '../history';
import { noteAuthors } from '../history';
import {
  isNotOlder,
  mergeServerCopy,
  openConflicts,
  type FieldConflict,
  type RequestField,
} from './merge-request';
import { missingFieldLabels } from '../shared';
import { NotesEditor } from '../notes';
import { FIELD_LABELS } from './request-fields';
import {
  ExecutiveOptions,
  Options,
  PRIORITY_OPTIONS,
  REQUEST_TYPE_OPTIONS,
  STAGE_OPTIONS,
  type SelectOption,
} from '../shared';
import { StageChecklist } from './stage-checklist';

export type EditRequestModalProps = {
  requestId: string;
  onClose: () => void;
  /** A field to bring into view and focus on opening (a link's `focus=`, e.g. from the board). */
  focusField?: string;
};

/**
 * "Editar solicitud" (§2) on the request as the server holds it now (GET /api/form-contact/:id),
 * not as a column page had it: the modal can also be opened from a link. Every way out (Escape,
 * backdrop, X, "Cancelar") asks first when something typed is not saved (issue 12).
 */
export function EditRequestModal({ requestId, onClose, focusField }: EditRequestModalProps) {
  const request = useRequest(requestId);
  const [unsaved, setUnsaved] = useState(false);
  const discard = useDiscardPrompt({ hasChanges: unsaved, onDiscard: onClose });
  // Read once the modal has gone (the board may have moved the card meanwhile).
  const status = useRef(request.data?.status);
  status.current = request.data?.status ?? status.current;
  const returnFocus = useCallback(
    (opener: HTMLElement | null) => requestFocusTarget(opener, requestId, status.current),
    [requestId],
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && discard.requestClose()}
      title="Editar solicitud"
      size="max-w-3xl"
      returnFocus={returnFocus}
    >
      {discard.prompt}
      {request.data ? (
        <EditRequestForm
          server={request.data}
          focusField={focusField}
          onCancel={discard.requestClose}
          onGone={onClose}
          onUnsavedChange={setUnsaved}
        />
      ) : (
        <div className="px-5 py-6 text-sm">
          {request.isError ? <ErrorText message={readFailure(request.error)} /> : <LoadingText />}
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

const isFieldName = (name: string | undefined): name is RequestField =>
  name !== undefined && Object.hasOwn(FIELD_LABELS, name);

type EditRequestFormProps = {
  /** The request as the server has it now (its query): newer copies are merged under the draft. */
  server: Request;
  focusField?: string;
  /** "Cancelar": closes through the discard prompt. */
  onCancel: () => void;
  /** The request is gone (deleted meanwhile): closes without asking. */
  onGone: () => void;
  onUnsavedChange: (unsaved: boolean) => void;
};

/** What a refused save (409) brought in: the fields taken from the other person's version. */
type Reloaded = { taken: RequestField[] };

/**
 * "Editar solicitud" (§2). The form holds the whole request object, sent as-is on save (§7).
 * The stage and the notes are saved at once by their own calls (issue 12): a stage change is a
 * move, a note is added or edited on the spot. The draft always sits on the newest server copy
 * the modal has seen (the move's or note's answer, a reload after a 409): what only the other
 * person changed comes in, what only the user typed stays, and what both changed is shown side
 * by side until the user chooses (ConflictPanel). Nothing typed is dropped without a choice.
 */
function EditRequestForm({
  server,
  focusField,
  onCancel,
  onGone,
  onUnsavedChange,
}: EditRequestFormProps) {
  const queryClient = useQueryClient();
  const { isAdmin } = useCurrentUser();
  const users = useUsers();
  const people = useMemo(() => users.data ?? [], [users.data]);
  const history = useRequestHistory(server._id);
  const save = useSaveRequest();
  const move = useMoveRequest();
  // The form's default values are the newest server copy merged so far: "Cancelar" discards
  // back to it, the vendor comparison and the three-way merge start from it.
  const form = useZodForm(checkedByTheServer, server, { readValue: readEditValue });
  // "Cambios guardados" shows after a successful save until the next change (form.isDirty).
  const [saved, setSaved] = useState(false);
  const [conflicts, setConflicts] = useState<FieldConflict[]>([]);
  const [reloaded, setReloaded] = useState<Reloaded | null>(null);
  const [notesUnsaved, setNotesUnsaved] = useState(false);
  const [merged, setMerged] = useState(server);
  const draft = form.values;

  // A newer copy of the request (a move, a note, a reload after a 409, a refetch) goes under the
  // draft at once, during this render (React's "adjusting state when a prop changes").
  if (server !== merged) {
    setMerged(server);
    if (isNotOlder(server, form.defaultValues)) {
      const result = mergeServerCopy(form.defaultValues, form.values, server);
      form.rebase(server, result.draft);
      setConflicts((open) => openConflicts(open, result.conflicts, result.draft));
    }
  }

  // A day typed in a form the product cannot read ("31/02") is kept on screen, not saved.
  const [dateValid, setDateValid] = useState(true);
  const unsaved = form.hasChanges || notesUnsaved || !dateValid;
  // In the commit itself, not after paint: an Escape pressed right after typing must see it.
  useLayoutEffect(() => {
    onUnsavedChange(unsaved);
  }, [onUnsavedChange, unsaved]);

  // The dialog opens while the request loads, with the focus on itself: once the form is
  // there, its first field takes it (unless a link's `focus=` names another, below).
  const formRef = useRef<HTMLFormElement>(null);
  const hasFocusField = isFieldName(focusField);
  useEffect(() => {
    if (hasFocusField) return;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      const dialog = formRef.current?.closest('[role="dialog"]');
      if (active === document.body || active === dialog) focusFirstField(formRef.current);
    }, 0);
    return () => clearTimeout(timer);
  }, [hasFocusField]);

  // A link's `focus=<field>` (the board's "Completar datos"): that field's control, or its text.
  const focusId = isFieldName(focusField) ? form.inputId(focusField) : undefined;
  useEffect(() => {
    if (!focusId) return;
    // After the dialog's own first focus, which runs in its effects after this one.
    const timer = setTimeout(() => {
      const target = document.getElementById(focusId);
      target?.scrollIntoView?.({ block: 'center' });
      target?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [focusId]);

  // The stage shown (and checked by §5) is the move's target while it is on its way.
  const shownStatus = move.isPending && move.variables ? move.variables.to : draft.status;
  const missing = useMemo(
    () => missingFieldLabels({ ...draft, status: shownStatus }),
    [draft, shownStatus],
  );

  const moveTo = (value: string) => {
    if (!isRequestStatus(value) || move.isPending || value === server.status) return;
    move.mutate({ request: server, to: value });
  };

  const onSubmit = form.handleSubmit((request) => {
    if (!dateValid) {
      document.getElementById(form.inputId('eventDate'))?.focus();
      return;
    }
    const base = form.defaultValues;
    save.mutate(
      { original: base, draft: request },
      {
        onSuccess: (savedRequest) => {
          form.reset(savedRequest);
          setSaved(true);
          setConflicts([]);
          setReloaded(null);
        },
        onError: (error) => {
          if (isConflict(error)) {
            // Someone saved first: the draft stays; their copy is read and merged under it
            // (above), and this tells what came from them.
            setSaved(false);
            reloadStoredRequest(queryClient, base).then(
              (stored) => {
                if (!stored) {
                  notify.error(API_MESSAGES.requestNotFound);
                  onGone();
                  return;
                }
                setReloaded({ taken: mergeServerCopy(base, request, stored).taken });
              },
              (reloadError: unknown) => {
                console.error(reloadError);
                notify.error(REQUEST_MESSAGES.updateFailed);
              },
            );
            return;
          }
          if (error instanceof ApiError) form.setServerErrors(serverFieldErrors(error) ?? {});
        },
      },
    );
  });

  /** "Usar la suya": their value in every conflicting field. */
  const takeTheirs = () => {
    for (const { field, theirs } of conflicts) form.setValue(field, theirs);
    setReloaded((current) => ({
      taken: [...(current?.taken ?? []), ...conflicts.map(({ field }) => field)],
    }));
    setConflicts([]);
  };

  const authors = useMemo(
    () => noteAuthors(history.data?.entries ?? [], people),
    [history.data, people],
  );

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

  /**
   * A field's id, name and error links, for an input that shows and reads its value itself
   * (the "Evento" fields below).
   */
  const fieldWiring = (name: FieldName) => {
    const { value: _text, onChange: _readText, ...wiring } = form.field(name);
    return wiring;
  };

  // The "Evento" fields: their placeholders (§3) show as empty inputs reading "Pendiente".
  const placeholderTextField = (name: 'paymentMethod' | 'bussinesItem', label: string) => {
    const props = fieldWiring(name);
    return (
      <FormField id={props.id} label={label} error={form.errors[name]}>
        <PlaceholderTextInput
          {...props}
          value={draft[name]}
          initial={form.defaultValues[name]}
          onValue={(value) => form.setValue(name, value)}
        />
      </FormField>
    );
  };

  const numberField = (name: 'eventsQuantity' | 'pax' | 'amoutPaid', label: string) => {
    const props = fieldWiring(name);
    return (
      <FormField id={props.id} label={label} error={form.errors[name]}>
        <PlaceholderNumberInput
          {...props}
          min={0}
          step={name === 'amoutPaid' ? 'any' : 1}
          value={draft[name]}
          onValue={(value) => form.setValue(name, value)}
        />
      </FormField>
    );
  };

  const selectField = (
    name: 'priority' | 'requestType',
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

  const status = form.field('status');
  const vendor = form.field('vendor');
  const eventDate = fieldWiring('eventDate');
  const closingEmail = form.field('emailSentToCloseEvents');

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <div className="space-y-6 px-5 py-4">
        {conflicts.length > 0 ? (
          <ConflictPanel
            conflicts={conflicts}
            draft={draft}
            taken={reloaded?.taken ?? []}
            users={people}
            saving={save.isPending}
            onKeepMine={() => void onSubmit()}
            onTakeTheirs={takeTheirs}
          />
        ) : reloaded ? (
          <MergedNotice taken={reloaded.taken} pendingChanges={form.hasChanges} />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {/* A stage change is a move of its own, saved at once and recorded (issue 12). */}
          <FormField id={status.id} label="Etapa de la solicitud" error={form.errors.status}>
            <Select
              data-no-autofocus
              {...status}
              value={shownStatus}
              aria-busy={move.isPending}
              onChange={(event) => moveTo(event.target.value)}
            >
              <Options options={STAGE_OPTIONS} />
            </Select>
          </FormField>
          {isAdmin ? (
            <FormField id={vendor.id} label="Ejecutivo" error={form.errors.vendor}>
              <Select
                {...vendor}
                // "Sin ejecutivo" is the empty option: no vendor.
                onChange={(event) => form.setValue('vendor', event.target.value || null)}
              >
                <option value="">{LABELS.noVendor}</option>
                <ExecutiveOptions users={people} />
              </Select>
            </FormField>
          ) : (
            <ReadOnly id={vendor.id} label="Ejecutivo" value={vendorName} />
          )}
        </div>

        <Section title="Información general">
          <ReadOnly
            id={form.inputId('requestNumber')}
            label="Número"
            value={String(draft.requestNumber ?? MISSING_REQUEST_NUMBER)}
          />
          {selectField('priority', 'Prioridad', PRIORITY_OPTIONS)}
        </Section>

        <Section title="Detalles">
          {selectField('requestType', 'Tipo de solicitud', REQUEST_TYPE_OPTIONS)}
          {/* §2 also has a source select that is never enabled: shown once, as text, it says
              the same without a control that does nothing. */}
          <ReadOnly
            id={form.inputId('sourceOfContact')}
            label="Fuente de contacto"
            value={SOURCE_OF_CONTACT_LABELS[draft.sourceOfContact]}
          />
        </Section>

        <Section title="Información de contacto">
          {textField('name', 'Nombre')}
          {textField('email', 'Correo', 'email')}
          {textField('jobPosition', 'Cargo')}
          {textField('company', 'Compañía')}
          {textField('contactNumber', 'Teléfono', 'tel')}
        </Section>

        <Section title="Evento">
          {placeholderTextField('paymentMethod', 'Método de pago')}
          {placeholderTextField('bussinesItem', 'Rubro')}
          {numberField('eventsQuantity', 'Cantidad de eventos')}
          {numberField('pax', 'Pax')}
          {numberField('amoutPaid', 'Monto pagado')}
          <FormField
            id={eventDate.id}
            label="Fecha del evento"
            error={form.errors.eventDate ?? (dateValid ? undefined : EVENT_DATE_INVALID)}
          >
            <EventDateInput
              {...eventDate}
              aria-describedby={dateValid ? eventDate['aria-describedby'] : `${eventDate.id}-error`}
              value={draft.eventDate}
              onValue={(value) => form.setValue('eventDate', value)}
              onValidChange={setDateValid}
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
            {draft.emailSentToCloseEvents === 'pending' ? (
              <span className="text-xs text-slate-600">({PENDING_PLACEHOLDER.toLowerCase()})</span>
            ) : null}
          </div>
        </Section>

        <div>
          <h3 className="text-sm font-semibold text-slate-900">Mensaje</h3>
          <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200">
            {draft.message}
          </p>
        </div>

        <NotesEditor
          requestId={server._id}
          notes={draft.notes}
          authors={authors}
          onUnsavedChange={setNotesUnsaved}
        />

        <HistoryTimeline history={history} users={people} />
      </div>

      <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white px-5 py-3">
        <StageChecklist missing={missing} />
        <div className="ml-auto flex items-center gap-2">
          {saved && !form.isDirty ? (
            <span role="status" className="text-xs text-emerald-700">
              Cambios guardados
            </span>
          ) : null}
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
          <Button
            type="submit"
            // A move on its way changes the status this save carries: it waits for it.
            disabled={save.isPending || move.isPending}
            aria-busy={save.isPending}
          >
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

/** A value shown, not edited; `id` lets a link's `focus=` bring it into view (focusable then). */
function ReadOnly({ id, label, value }: { id?: string; label: string; value: string }) {
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700">{label}</p>
      <p
        id={id}
        tabIndex={id ? -1 : undefined}
        className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-indigo-600"
      >
        {value}
      </p>
    </div>
  );
}
