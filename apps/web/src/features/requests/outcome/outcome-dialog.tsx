import { useRef, useState, type FormEvent } from 'react';
import { OUTCOME_LABELS, outcomeBodySchema, type OutcomeBody } from '@crm/shared';
import { useSettings } from '../../../api/settings/get-settings';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { OutcomeFields, type OutcomeDraft } from './outcome-fields';
import { bodyOfDraft } from './outcome-draft';

export type OutcomeDialogProps = {
  /** The request's name, so it is clear which one is being closed. */
  requestName: string;
  /** The outcome chosen, or null: cancelled (Cancelar, Escape, the X, a click outside). */
  onAnswer: (outcome: OutcomeBody | null) => void;
};

const EMPTY: OutcomeDraft = { result: null, reason: '', comment: '' };

/**
 * "¿Ganada o perdida?": Ganada, or Perdida with a required Motivo and an optional comment,
 * checked with the rules the API checks a move's outcome with. It opens on its first choice and
 * gives the focus back to what had it (the card, the switcher, the modal's stage).
 */
export function OutcomeDialog({ requestName, onAnswer }: OutcomeDialogProps) {
  const settings = useSettings();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<{ result?: string; reason?: string }>({});
  const reasonRef = useRef<HTMLSelectElement | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = outcomeBodySchema.safeParse(bodyOfDraft(draft));
    if (parsed.success) {
      onAnswer(parsed.data);
      return;
    }
    const found: { result?: string; reason?: string } = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'reason' ? 'reason' : 'result';
      found[key] ??= issue.message;
    }
    setErrors(found);
    if (found.reason) reasonRef.current?.focus();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onAnswer(null)} title={OUTCOME_LABELS.question}>
      <form noValidate onSubmit={submit} className="space-y-4 px-5 py-4">
        <p className="text-sm text-slate-700">{requestName}</p>
        <OutcomeFields
          value={draft}
          onChange={(next) => {
            setDraft(next);
            setErrors({});
          }}
          reasons={settings.data?.lostReasons ?? []}
          resultError={errors.result}
          reasonError={errors.reason}
          reasonRef={(element) => {
            reasonRef.current = element;
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onAnswer(null)}>
            {OUTCOME_LABELS.cancel}
          </Button>
          <Button type="submit">{OUTCOME_LABELS.confirm}</Button>
        </div>
      </form>
    </Dialog>
  );
}
