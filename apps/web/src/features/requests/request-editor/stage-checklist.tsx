import { CLOSING_LABELS, STAGE_CHECKLIST_LABEL } from '@crm/shared';
import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import type { Request } from '@crm/shared';
import {
  markStageWarned,
  MAX_NAMED_FIELDS,
  missingSentence,
  stageWarned,
  type MissingField,
} from '../shared';

export type StageChecklistProps = {
  /** What the stage lacks that this person can fix (fixableMissing). */
  missing: readonly MissingField[];
  /** The request's stay in its stage as shown: its id, the stage, when the stage began. */
  stay: Pick<Request, '_id' | 'status' | 'stageChangedAt'>;
  /** Shown even if said before: the modal was opened to complete the data ("Completar datos"). */
  force?: boolean;
};

/**
 * The §5 edit-request rules, recomputed on every change, in plain Spanish: "Faltan: método de
 * pago, rubro y compañía." (the same field names as the board's notices, missing-fields.ts), not
 * the rules' own messages (`bussinesItem is required…`, kept in @crm/shared for the API). The
 * spec neither shows nor enforces them: this discreet line never blocks a save. Beyond three
 * fields the sentence ends "y N más" and opens into the whole list.
 *
 * Issue 33: it names only what this person can fix, and once per stage change
 * (shared/stage-warnings.ts): the first open in a stage shows it until "Entendido" or the modal
 * closes; later opens don't. Once nothing is missing it says so.
 */
export function StageChecklist({ missing, stay, force = false }: StageChecklistProps) {
  const { _id, status, stageChangedAt } = stay;
  const [open, setOpen] = useState(() => force || !stageWarned(stay));
  const warning = open && missing.length > 0;
  // Another stay (a move made in the modal): its warning is due unless already given.
  useEffect(() => {
    if (!stageWarned({ _id, status, stageChangedAt })) setOpen(true);
  }, [_id, status, stageChangedAt]);
  useEffect(() => {
    if (warning) markStageWarned({ _id, status, stageChangedAt });
  }, [warning, _id, status, stageChangedAt]);

  if (missing.length === 0) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-emerald-700">
        <CircleCheck className="size-3.5 shrink-0" aria-hidden />
        {CLOSING_LABELS.checklistDone}
      </p>
    );
  }
  if (!warning) return null;
  const icon = <CircleAlert className="size-3.5 shrink-0" aria-hidden />;
  const dismiss = (
    <button
      type="button"
      onClick={() => setOpen(false)}
      aria-label={CLOSING_LABELS.dismissLabel}
      title={CLOSING_LABELS.dismiss}
      className="ml-1 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:min-h-0 md:min-w-0 md:p-0.5"
    >
      <X className="size-3.5" aria-hidden />
    </button>
  );
  if (missing.length <= MAX_NAMED_FIELDS) {
    return (
      <p className="flex min-w-0 items-center gap-1.5 text-xs text-amber-800">
        {icon}
        {missingSentence(missing)}
        {dismiss}
      </p>
    );
  }
  return (
    <div className="flex min-w-0 items-start text-xs text-amber-800">
      <details>
        <summary className="flex cursor-pointer items-center gap-1.5">
          {icon}
          {missingSentence(missing)}
        </summary>
        <ul aria-label={STAGE_CHECKLIST_LABEL} className="mt-1 list-disc space-y-0.5 pl-6">
          {missing.map(({ field, label }) => (
            <li key={field}>{label}</li>
          ))}
        </ul>
      </details>
      {dismiss}
    </div>
  );
}
