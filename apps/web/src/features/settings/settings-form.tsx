import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  BOARD_COLUMNS,
  columnTitleOf,
  MAX_STALE_DAYS,
  OPEN_STATUSES,
  SETTINGS_LABELS,
  updateSettingsBodySchema,
  type Settings,
} from '@crm/shared';
import { currentSettingsOf, useUpdateSettings } from '../../api/settings/update-settings';
import { Button } from '../../components/ui/button';
import { ApiError, isConflict } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { LostReasonsField } from './lost-reasons-field';
import { NumberGrid } from './number-grid';
import { bodyOf, draftOf, errorsByPath, rebaseDraft, type SettingsErrors } from './settings-draft';

const ALL_STAGES = BOARD_COLUMNS.map(({ status }) => status);

export type SettingsFormProps = { settings: Settings };

/**
 * The days per stage before "Estancada" (issue 20), the lost reasons and each open stage's win
 * probability (issue 21), checked with the rules the API checks them with and saved whole at the
 * version they were read at. When someone saved first (409) what was typed stays, the fields not
 * typed in take their values, theirs are listed above, and the next "Guardar" applies the draft
 * over their version.
 */
export function SettingsForm({ settings }: SettingsFormProps) {
  const save = useUpdateSettings();
  const [draft, setDraft] = useState(() => draftOf(settings));
  // The settings the draft sits on: a save applies at their version; a field still as they
  // have it counts as not typed.
  const [base, setBase] = useState(settings);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [theirs, setTheirs] = useState<Settings | null>(null);
  // Each field by its path (`staleDays.contacted`), to put the focus on the first refused.
  const inputs = useRef(new Map<string, HTMLElement>());
  const keep = (path: string) => (element: HTMLElement | null) => {
    if (element) inputs.current.set(path, element);
    else inputs.current.delete(path);
  };

  const showErrors = (found: SettingsErrors) => {
    setErrors(found);
    const first = [...inputs.current.entries()].find(([path]) => found[path]);
    first?.[1].focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateSettingsBodySchema.safeParse(bodyOf(draft, base.version));
    if (!parsed.success) {
      showErrors(
        errorsByPath(
          parsed.error.issues.map(({ path, message }) => ({ path: path.join('.'), message })),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        notify.success(SETTINGS_LABELS.saved);
        setDraft(draftOf(saved));
        setBase(saved);
        setTheirs(null);
      },
      onError: (error) => {
        const current = currentSettingsOf(error);
        if (isConflict(error) && current) {
          setDraft((typed) => rebaseDraft(typed, draftOf(base), draftOf(current)));
          setBase(current);
          setTheirs(current);
          return;
        }
        notify.error(SETTINGS_LABELS.saveFailed);
        if (error instanceof ApiError) showErrors(errorsByPath(error.fieldErrors));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {theirs ? (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-300">
          <p className="text-amber-900">{SETTINGS_LABELS.changedMeanwhile}</p>
          <ul className="mt-1 text-slate-800">
            {BOARD_COLUMNS.map(({ status, title }) => (
              <li key={status}>
                {title}: {theirs.staleDays[status] ?? '—'}
              </li>
            ))}
            <li>
              {SETTINGS_LABELS.lostReasonsHeading}: {theirs.lostReasons.join(', ')}
            </li>
            {OPEN_STATUSES.map((status) => (
              <li key={status}>
                {columnTitleOf(status)}: {theirs.winProbability[status]} %
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Panel id="stale" heading={SETTINGS_LABELS.staleHeading} help={SETTINGS_LABELS.staleHelp}>
        <NumberGrid
          name="staleDays"
          statuses={ALL_STAGES}
          labelOf={(title) => title}
          values={draft.staleDays}
          errors={errors}
          min={1}
          max={MAX_STALE_DAYS}
          onChange={(status, value) =>
            setDraft((current) => ({
              ...current,
              staleDays: { ...current.staleDays, [status]: value },
            }))
          }
          inputRef={keep}
        />
      </Panel>
      <div ref={keep('lostReasons')} tabIndex={-1} className="outline-none">
        <LostReasonsField
          reasons={draft.lostReasons}
          error={errors.lostReasons}
          onChange={(lostReasons) => setDraft((current) => ({ ...current, lostReasons }))}
        />
      </div>
      <Panel
        id="probability"
        heading={SETTINGS_LABELS.probabilityHeading}
        help={SETTINGS_LABELS.probabilityHelp}
      >
        <NumberGrid
          name="winProbability"
          statuses={OPEN_STATUSES}
          labelOf={(title) => `${title} (%)`}
          values={draft.winProbability}
          errors={errors}
          min={0}
          max={100}
          onChange={(status, value) =>
            setDraft((current) => ({
              ...current,
              winProbability: { ...current.winProbability, [status]: value },
            }))
          }
          inputRef={keep}
        />
      </Panel>
      <Button type="submit" disabled={save.isPending}>
        {SETTINGS_LABELS.save}
      </Button>
    </form>
  );
}

function Panel({
  id,
  heading,
  help,
  children,
}: {
  id: string;
  heading: string;
  help: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      aria-describedby={`${id}-help`}
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:p-6"
    >
      <legend className="float-left mb-1 text-base font-semibold text-slate-900">{heading}</legend>
      <p id={`${id}-help`} className="clear-left text-sm text-slate-600">
        {help}
      </p>
      {children}
    </fieldset>
  );
}
