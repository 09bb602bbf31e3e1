// The request window's form, a chunk of its own that edit-request-modal.tsx (the window's shell,
// on the board's first paint) loads lazily: see there.
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import {
  MISSING_REQUEST_NUMBER,
  OUTCOME_LABELS,
  SOURCE_OF_CONTACT_LABELS,
  LOG_ACTIVITY_OPEN_LABEL,
  MORE_FIELDS_LABEL,
  type ActivityType,
  type Request,
  APP_LABELS,
  CLOSING_LABELS,
  REQUEST_FORM_LABELS,
} from '@crm/shared';
import { useTimeZone } from '../../../api/preferences/get-preferences';
import { useRequestHistory } from '../../../api/requests/get-request-history';
import { useCurrentUser } from '../../../api/session/get-current-user';
import { useSettings } from '../../../api/settings/get-settings';
import { useUsers } from '../../../api/users/get-users';
import { Button } from '../../../components/ui/button';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { fullName } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ActivitiesSection, LogActivityDialog } from '../activities';
import { noteAuthors } from '../history';
import { draftOfOutcome, OutcomeFields, outcomeOfDraft } from '../outcome';
import {
  ExecutiveOptions,
  fixableMissing,
  Options,
  PRIORITY_OPTIONS,
  REQUEST_TYPE_OPTIONS,
  STAGE_OPTIONS,
  type SelectOption,
} from '../shared';
import { useDeletedByOther } from '../../../api/events/others-changes';
import { ConflictPanel, MergedNotice } from './conflict-panel';
import { DeletedNotice, OthersChangeNotice } from './others-change-notice';
import {
  EVENT_DATE_INVALID,
  EventDateInput,
  isStoredDay,
  PlaceholderNumberInput,
  PlaceholderTextInput,
  PENDING_PLACEHOLDER,
} from './event-fields';
import type { RequestField } from './merge-request';
import { FIELD_LABELS } from './request-fields';
import { ContactLinks } from './lazy-contact-links';
import { ONE_COLUMN_QUERY, RequestSideSections } from './request-side-sections';
import { MoneyInput } from '../../../components/ui/money-input';
import { StageChecklist } from './stage-checklist';
import { useOpeningFocus } from './use-opening-focus';
import { useRequestDraft } from './use-request-draft';

type FieldName = keyof Request;

const isFieldName = (name: string | undefined): name is RequestField =>
  name !== undefined && Object.hasOwn(FIELD_LABELS, name);

export type EditRequestFormProps = {
  /** The request as the server has it now (its query): newer copies are merged under the draft. */
  server: Request;
  focusField?: string;
  /** Where the dialog puts the focus on opening (see useOpeningFocus). */
  dialogTarget: RefObject<HTMLElement | null>;
  /** "Cancelar": closes through the discard prompt. */
  onCancel: () => void;
  /** The request is gone (deleted meanwhile): closes without asking. */
  onGone: () => void;
  onUnsavedChange: (unsaved: boolean) => void;
};

/**
 * "Editar solicitud" (§2), laid out (issue 25): from 1024 px its fields (and the conflict panel)
 * on the left and the message, notes, activities and history on the right, each column scrolling
 * inside, the buttons always in view; narrower, one column, the sections folded.
 * What happens to the draft (the merge, the move, the save, a 409) is useRequestDraft's.
 */
export function EditRequestForm({
  server,
  focusField,
  dialogTarget,
  onCancel,
  onGone,
  onUnsavedChange,
}: EditRequestFormProps) {
  const { isAdmin } = useCurrentUser();
  const users = useUsers();
  const settings = useSettings();
  const people = useMemo(() => users.data ?? [], [users.data]);
  const history = useRequestHistory(server._id);
  const {
    form,
    draft,
    shownStatus,
    moving,
    moveTo,
    submit,
    saving,
    saved,
    conflicts,
    taken,
    takeTheirs,
    heldFrom,
    showTheirs,
    othersShown,
  } = useRequestDraft({ server, onGone });
  // Issue 36: deleted by someone else while open (the live stream): said, and not saved.
  const deletedBy = useDeletedByOther(server._id);
  const [notesUnsaved, setNotesUnsaved] = useState(false);
  // Issue 33: on a phone the window opens on what a rep uses most: "Registrar actividad", the
  // activities and the contact (with its links); the other fields behind "Más datos", unfolded
  // when a link's `focus=` or a message names one of them. Decided when the window opens.
  const oneColumn = useMediaQuery(ONE_COLUMN_QUERY);
  const [phoneFirst] = useState(oneColumn);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreWanted =
    MORE_FIELDS.some((field) => form.errors[field] !== undefined) ||
    (focusField !== undefined && (MORE_FIELDS as readonly string[]).includes(focusField));
  const moreFolded = phoneFirst && !moreOpen && !moreWanted;
  // "Registrar actividad" (its button, or a contact link: the type it opens on).
  const [logging, setLogging] = useState<ActivityType | null>(null);
  const [activitiesUnsaved, setActivitiesUnsaved] = useState(false);

  // A day typed that is not one counts too: the draft holds its text (see EventDateInput).
  const unsaved = form.hasChanges || notesUnsaved || activitiesUnsaved;
  // In the commit itself, not after paint: an Escape pressed right after typing must see it.
  useLayoutEffect(() => {
    onUnsavedChange(unsaved);
  }, [onUnsavedChange, unsaved]);

  const formRef = useRef<HTMLFormElement>(null);
  useOpeningFocus({
    formRef,
    focusField: isFieldName(focusField) ? focusField : undefined,
    fieldElement: form.fieldElement,
    dialogTarget,
  });

  // Issue 33: only what this person can fix (not the number, the source, nor for a vendor the
  // executive).
  const missing = useMemo(
    () => fixableMissing({ ...draft, status: shownStatus }, { canAssign: isAdmin }),
    [draft, shownStatus, isAdmin],
  );

  const timeZone = useTimeZone();
  const authors = useMemo(
    () => noteAuthors(history.data?.entries ?? [], people, timeZone),
    [history.data, people, timeZone],
  );

  const vendorName = (() => {
    if (draft.vendor === null) return APP_LABELS.noVendor;
    const vendor = users.data?.find((user) => user._id === draft.vendor);
    return vendor ? fullName(vendor) : APP_LABELS.noVendor;
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
   * A field's id, name, ref and error links, for an input that shows and reads its value itself
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

  const contact = (
    <Section title={REQUEST_FORM_LABELS.contact}>
      {textField('name', REQUEST_FORM_LABELS.name)}
      <div>
        {textField('email', REQUEST_FORM_LABELS.email, 'email')}
        <ContactLinks email={draft.email} onUse={setLogging} />
      </div>
      {textField('jobPosition', REQUEST_FORM_LABELS.jobPosition)}
      {textField('company', REQUEST_FORM_LABELS.company)}
      <div>
        {textField('contactNumber', REQUEST_FORM_LABELS.phone, 'tel')}
        <ContactLinks phone={draft.contactNumber} onUse={setLogging} />
      </div>
    </Section>
  );
  const activities = (
    <ActivitiesSection
      requestId={server._id}
      users={people}
      onUnsavedChange={setActivitiesUnsaved}
    />
  );

  const status = form.field('status');
  const vendor = form.field('vendor');
  const eventDate = fieldWiring('eventDate');
  // What is typed in "Fecha del evento" says at once when it is not a day (the other rules
  // speak after a save is tried): its own message, not the API's word for a malformed date.
  const dayTyped = isStoredDay(draft.eventDate);
  const closingEmail = form.field('emailSentToCloseEvents');
  const expectedValue = fieldWiring('expectedValue');

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col lg:h-full">
      <div className="lg:grid lg:min-h-0 lg:flex-1 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[minmax(0,1fr)]">
        <div className="space-y-6 px-5 py-4 lg:overflow-y-auto">
          {deletedBy ? (
            <DeletedNotice person={deletedBy} />
          ) : heldFrom ? (
            <OthersChangeNotice person={heldFrom} onShowTheirs={showTheirs} />
          ) : othersShown && !taken ? (
            <OthersChangeNotice person={othersShown} />
          ) : null}
          {conflicts.length > 0 ? (
            <ConflictPanel
              conflicts={conflicts}
              draft={draft}
              taken={taken ?? []}
              users={people}
              saving={saving}
              onKeepMine={() => void submit()}
              onTakeTheirs={takeTheirs}
            />
          ) : taken ? (
            <MergedNotice taken={taken} pendingChanges={form.hasChanges} />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {/* A stage change is a move of its own, saved at once and recorded (issue 12). */}
            <FormField id={status.id} label={REQUEST_FORM_LABELS.status} error={form.errors.status}>
              <Select
                data-no-autofocus
                {...status}
                value={shownStatus}
                aria-busy={moving}
                onChange={(event) => moveTo(event.target.value)}
              >
                <Options options={STAGE_OPTIONS} />
              </Select>
            </FormField>
            {isAdmin ? (
              <FormField
                id={vendor.id}
                label={REQUEST_FORM_LABELS.vendor}
                error={form.errors.vendor}
              >
                <Select
                  {...vendor}
                  // "Sin ejecutivo" is the empty option: no vendor.
                  onChange={(event) => form.setValue('vendor', event.target.value || null)}
                >
                  <option value="">{APP_LABELS.noVendor}</option>
                  <ExecutiveOptions users={people} />
                </Select>
              </FormField>
            ) : (
              <ReadOnly
                fieldRef={form.fieldRef('vendor')}
                label={REQUEST_FORM_LABELS.vendor}
                value={vendorName}
              />
            )}
          </div>

          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => setLogging('call')}>
              {LOG_ACTIVITY_OPEN_LABEL}
            </Button>
          </div>
          {logging ? (
            <LogActivityDialog
              requestId={server._id}
              initialType={logging}
              onClose={() => setLogging(null)}
            />
          ) : null}
          {phoneFirst ? (
            <>
              {activities}
              {contact}
              <Button
                variant="secondary"
                className="w-full justify-between"
                aria-expanded={!moreFolded}
                aria-controls={MORE_SECTION_IDS}
                onClick={() => setMoreOpen(moreFolded)}
              >
                {MORE_FIELDS_LABEL}
              </Button>
            </>
          ) : null}

          <Section title={REQUEST_FORM_LABELS.general} hidden={moreFolded}>
            <ReadOnly
              fieldRef={form.fieldRef('requestNumber')}
              label={REQUEST_FORM_LABELS.number}
              value={String(draft.requestNumber ?? MISSING_REQUEST_NUMBER)}
            />
            {selectField('priority', REQUEST_FORM_LABELS.priority, PRIORITY_OPTIONS)}
            <FormField
              id={expectedValue.id}
              label={OUTCOME_LABELS.expectedValue}
              error={form.errors.expectedValue}
            >
              <MoneyInput
                {...expectedValue}
                value={draft.expectedValue}
                onValue={(value) => form.setValue('expectedValue', value)}
              />
            </FormField>
          </Section>

          {/* Won or lost (issue 21): set, changed, or first given to a request closed before. */}
          {draft.status === 'closed' ? (
            <fieldset ref={form.fieldRef('outcome')} tabIndex={-1} className="outline-none">
              <legend className="text-sm font-semibold text-slate-900">
                {OUTCOME_LABELS.question}
              </legend>
              {draft.outcome === null ? (
                <p className="mt-1 text-sm text-slate-600">{OUTCOME_LABELS.none}</p>
              ) : null}
              <div className="mt-2">
                <OutcomeFields
                  value={draftOfOutcome(draft.outcome)}
                  onChange={(next) => form.setValue('outcome', outcomeOfDraft(next))}
                  reasons={settings.data?.lostReasons ?? []}
                  resultError={draft.outcome?.result === 'lost' ? undefined : form.errors.outcome}
                  reasonError={draft.outcome?.result === 'lost' ? form.errors.outcome : undefined}
                />
              </div>
            </fieldset>
          ) : null}

          <Section title={REQUEST_FORM_LABELS.details} hidden={moreFolded}>
            {selectField('requestType', REQUEST_FORM_LABELS.requestType, REQUEST_TYPE_OPTIONS)}
            {/* §2 also has a source select that is never enabled: shown once, as text, it says
              the same without a control that does nothing. */}
            <ReadOnly
              fieldRef={form.fieldRef('sourceOfContact')}
              label={REQUEST_FORM_LABELS.sourceOfContact}
              value={SOURCE_OF_CONTACT_LABELS[draft.sourceOfContact]}
            />
          </Section>

          {phoneFirst ? null : contact}

          <Section title={REQUEST_FORM_LABELS.event} hidden={moreFolded}>
            {placeholderTextField('paymentMethod', REQUEST_FORM_LABELS.paymentMethod)}
            {placeholderTextField('bussinesItem', REQUEST_FORM_LABELS.bussinesItem)}
            {numberField('eventsQuantity', REQUEST_FORM_LABELS.eventsQuantity)}
            {numberField('pax', REQUEST_FORM_LABELS.pax)}
            {numberField('amoutPaid', CLOSING_LABELS.amountPaid)}
            <FormField
              id={eventDate.id}
              label={REQUEST_FORM_LABELS.eventDate}
              error={dayTyped ? form.errors.eventDate : EVENT_DATE_INVALID}
            >
              <EventDateInput
                {...eventDate}
                aria-describedby={
                  dayTyped ? eventDate['aria-describedby'] : `${eventDate.id}-error`
                }
                value={draft.eventDate}
                onValue={(value) => form.setValue('eventDate', value)}
              />
            </FormField>
            <div className="flex items-center gap-2 sm:col-span-2">
              <input
                id={closingEmail.id}
                name={closingEmail.name}
                ref={closingEmail.ref}
                type="checkbox"
                className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                checked={draft.emailSentToCloseEvents === true}
                onChange={closingEmail.onChange}
              />
              <label htmlFor={closingEmail.id} className="text-sm text-slate-700">
                {REQUEST_FORM_LABELS.closingEmail}
              </label>
              {draft.emailSentToCloseEvents === 'pending' ? (
                <span className="text-xs text-slate-600">
                  ({PENDING_PLACEHOLDER.toLowerCase()})
                </span>
              ) : null}
            </div>
          </Section>
        </div>

        <div className="flex flex-col gap-3 px-5 pb-4 lg:min-h-0 lg:overflow-y-auto lg:border-l lg:border-slate-200 lg:pt-4">
          <RequestSideSections
            requestId={server._id}
            customer={server}
            message={draft.message}
            notes={draft.notes}
            authors={authors}
            history={history}
            users={people}
            onNotesUnsavedChange={setNotesUnsaved}
            activities={phoneFirst ? null : activities}
          />
        </div>
      </div>

      <div className="sticky bottom-0 flex shrink-0 flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white px-5 py-3">
        <StageChecklist
          missing={missing}
          stay={{ _id: server._id, status: shownStatus, stageChangedAt: server.stageChangedAt }}
          force={focusField !== undefined}
        />
        <div className="ml-auto flex items-center gap-2">
          {saved ? (
            <span role="status" className="text-xs text-emerald-700">
              {REQUEST_FORM_LABELS.saved}
            </span>
          ) : null}
          <Button variant="secondary" onClick={onCancel}>
            {REQUEST_FORM_LABELS.cancel}
          </Button>
          <Button
            type="submit"
            // A move on its way changes the status this save carries: it waits for it.
            disabled={saving || moving || deletedBy !== undefined}
            aria-busy={saving}
          >
            {saving ? <Spinner label={REQUEST_FORM_LABELS.saving} /> : null}
            {REQUEST_FORM_LABELS.save}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The fields "Más datos" folds on a phone (issue 33), by their sections. */
const MORE_FIELDS = [
  'priority',
  'expectedValue',
  'requestType',
  'paymentMethod',
  'bussinesItem',
  'eventsQuantity',
  'pax',
  'amoutPaid',
  'eventDate',
  'emailSentToCloseEvents',
] as const satisfies readonly FieldName[];
const sectionId = (title: string) => `request-section-${title.replace(/\W+/g, '-')}`;
const MORE_SECTION_IDS = [
  REQUEST_FORM_LABELS.general,
  REQUEST_FORM_LABELS.details,
  REQUEST_FORM_LABELS.event,
]
  .map(sectionId)
  .join(' ');

function Section({
  title,
  hidden = false,
  children,
}: {
  title: string;
  /** Folded behind "Más datos" (a phone, issue 33). */
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset id={sectionId(title)} hidden={hidden}>
      <legend className="text-sm font-semibold text-slate-900">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * A value shown, not edited. With `fieldRef` it is on the form's map of fields, so a link's
 * `focus=` can bring it into view (focusable then, out of the Tab order).
 */
function ReadOnly({
  fieldRef,
  label,
  value,
}: {
  fieldRef?: Ref<HTMLParagraphElement>;
  label: string;
  value: string;
}) {
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700">{label}</p>
      <p
        ref={fieldRef}
        tabIndex={fieldRef ? -1 : undefined}
        className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-indigo-600"
      >
        {value}
      </p>
    </div>
  );
}
