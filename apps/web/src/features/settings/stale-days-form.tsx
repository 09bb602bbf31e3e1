import { useId, useRef, useState, type FormEvent } from 'react';
import {
  BOARD_COLUMNS,
  MAX_STALE_DAYS,
  SETTINGS_LABELS,
  updateSettingsBodySchema,
  type RequestStatus,
  type Settings,
  type StaleDays,
} from '@crm/shared';
import { currentSettingsOf, useUpdateSettings } from '../../api/settings/update-settings';
import { Button } from '../../components/ui/button';
import { FormField, TextInput } from '../../components/ui/form-field';
import { ApiError, isConflict } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** What each field holds: the days as typed; empty for "never". */
type Draft = Record<RequestStatus, string>;
type Errors = Partial<Record<RequestStatus, string>>;

const draftOf = (staleDays: StaleDays): Draft =>
  Object.fromEntries(
    BOARD_COLUMNS.map(({ status }) => [status, String(staleDays[status] ?? '')]),
  ) as Draft;

/** The days as the API takes them: empty is null (never), anything else a number to check. */
const staleDaysOf = (draft: Draft) =>
  Object.fromEntries(
    BOARD_COLUMNS.map(({ status }) => {
      const text = draft[status].trim();
      return [status, text === '' ? null : Number(text)];
    }),
  );

/** Field messages by stage, from the shared schema's issues or a 400's `staleDays.<stage>`. */
function errorsByStage(fieldErrors: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const { path, message } of fieldErrors) {
    const stage = BOARD_COLUMNS.find(({ status }) => path === `staleDays.${status}`)?.status;
    if (stage && !errors[stage]) errors[stage] = message;
  }
  return errors;
}

/** A draft moved from one stored version to another: typed fields stay, the others follow. */
const rebaseDraft = (typed: Draft, before: Draft, after: Draft): Draft =>
  Object.fromEntries(
    BOARD_COLUMNS.map(({ status }) => [
      status,
      typed[status] === before[status] ? after[status] : typed[status],
    ]),
  ) as Draft;

export type StaleDaysFormProps = { settings: Settings };

/**
 * One number per stage (empty: never stale), checked with the rules the API checks them with,
 * saved whole at the version it was read at. When someone saved first (409) what was typed stays,
 * the fields not typed in take their values, theirs are listed above, and the next "Guardar"
 * applies the draft over their version.
 */
export function StaleDaysForm({ settings }: StaleDaysFormProps) {
  const save = useUpdateSettings();
  const [draft, setDraft] = useState(() => draftOf(settings.staleDays));
  // The settings the draft sits on: a save applies at their version; a field still as they
  // have it counts as not typed.
  const [base, setBase] = useState(settings);
  const [errors, setErrors] = useState<Errors>({});
  const [theirs, setTheirs] = useState<Settings | null>(null);
  const inputs = useRef(new Map<RequestStatus, HTMLInputElement>());
  const helpId = useId();
  const idOf = (status: RequestStatus) => `${helpId}-${status.replace(/\s/g, '-')}`;

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = BOARD_COLUMNS.find(({ status }) => found[status])?.status;
    if (first) inputs.current.get(first)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateSettingsBodySchema.safeParse({
      staleDays: staleDaysOf(draft),
      version: base.version,
    });
    if (!parsed.success) {
      showErrors(
        errorsByStage(
          parsed.error.issues.map(({ path, message }) => ({ path: path.join('.'), message })),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        notify.success(SETTINGS_LABELS.saved);
        setDraft(draftOf(saved.staleDays));
        setBase(saved);
        setTheirs(null);
      },
      onError: (error) => {
        const current = currentSettingsOf(error);
        if (isConflict(error) && current) {
          // The draft moves onto their version: what was typed here stays, the fields not
          // touched take their values, and the next save applies over their version.
          setDraft((typed) =>
            rebaseDraft(typed, draftOf(base.staleDays), draftOf(current.staleDays)),
          );
          setBase(current);
          setTheirs(current);
          return;
        }
        notify.error(SETTINGS_LABELS.saveFailed);
        if (error instanceof ApiError) showErrors(errorsByStage(error.fieldErrors));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <fieldset
        aria-describedby={`${helpId}-help`}
        className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:p-6"
      >
        <legend className="float-left mb-1 text-base font-semibold text-slate-900">
          {SETTINGS_LABELS.staleHeading}
        </legend>
        <p id={`${helpId}-help`} className="clear-left text-sm text-slate-600">
          {SETTINGS_LABELS.staleHelp}
        </p>
        {theirs ? (
          <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-300">
            <p className="text-amber-900">{SETTINGS_LABELS.changedMeanwhile}</p>
            <ul className="mt-1 text-slate-800">
              {BOARD_COLUMNS.map(({ status, title }) => (
                <li key={status}>
                  {title}: {theirs.staleDays[status] ?? '—'}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {BOARD_COLUMNS.map(({ status, title }) => (
            <FormField key={status} id={idOf(status)} label={title} error={errors[status]}>
              <TextInput
                ref={(element) => {
                  if (element) inputs.current.set(status, element);
                  else inputs.current.delete(status);
                }}
                id={idOf(status)}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_STALE_DAYS}
                step={1}
                value={draft[status]}
                onChange={(event) => {
                  const { value } = event.target;
                  setDraft((current) => ({ ...current, [status]: value }));
                }}
                aria-invalid={errors[status] ? true : undefined}
                aria-describedby={errors[status] ? `${idOf(status)}-error` : undefined}
              />
            </FormField>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {SETTINGS_LABELS.save}
      </Button>
    </form>
  );
}
