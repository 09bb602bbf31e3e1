import { useId, useRef, useState, type FormEvent } from 'react';
import {
  moveRequestBodySchema,
  OUTCOME_LABELS,
  outcomeBodySchema,
  CLOSING_LABELS,
} from '@crm/shared';
import { useSettings } from '../../../api/settings/get-settings';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { MoneyInput } from '../../../components/ui/money-input';
import { OutcomeFields, type OutcomeDraft } from './outcome-fields';
import { bodyOfDraft } from './outcome-draft';
import type { ClosingAnswer } from './outcome-question';

export type OutcomeDialogProps = {
  /** The request's name, so it is clear which one is being closed. */
  requestName: string;
  /**
   * Issue 33: present, "Ganada" also asks "Monto pagado", starting with this amount (null:
   * empty). Absent (a bulk close): not asked.
   */
  amount?: number | null;
  /** The outcome chosen, or null: cancelled (Cancelar, Escape, the X, a click outside). */
  onAnswer: (outcome: ClosingAnswer | null) => void;
};

type Errors = { result?: string; reason?: string; amount?: string };

const amountRule = moveRequestBodySchema.shape.amoutPaid;

const EMPTY: OutcomeDraft = { result: null, reason: '', comment: '' };

/**
 * "¿Ganada o perdida?": Ganada, or Perdida with a required Motivo and an optional comment,
 * checked with the rules the API checks a move's outcome with. It opens on its first choice and
 * gives the focus back to what had it (the card, the switcher, the modal's stage). With
 * `amount`, "Ganada" shows "Monto pagado" (issue 33), sent with the move: the §5 rule asks for it
 * in CERRADO, so the close that needs it asks for it. Emptied, it is not sent (left as it was).
 */
export function OutcomeDialog({ requestName, amount, onAnswer }: OutcomeDialogProps) {
  const settings = useSettings();
  const amountId = useId();
  const [draft, setDraft] = useState(EMPTY);
  const [paid, setPaid] = useState<number | null>(amount ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const reasonRef = useRef<HTMLSelectElement | null>(null);
  const amountRef = useRef<HTMLInputElement | null>(null);
  const asksAmount = amount !== undefined && draft.result === 'won';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = outcomeBodySchema.safeParse(bodyOfDraft(draft));
    const paidRule = asksAmount && paid !== null ? amountRule.safeParse(paid) : null;
    if (parsed.success && (!paidRule || paidRule.success)) {
      onAnswer(paidRule?.success ? { ...parsed.data, amoutPaid: paid ?? undefined } : parsed.data);
      return;
    }
    const found: Errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const key = issue.path[0] === 'reason' ? 'reason' : 'result';
      found[key] ??= issue.message;
    }
    if (paidRule && !paidRule.success) found.amount = paidRule.error.issues[0]?.message;
    setErrors(found);
    if (found.reason) reasonRef.current?.focus();
    else if (found.amount) amountRef.current?.focus();
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
        {asksAmount ? (
          <FormField id={amountId} label={CLOSING_LABELS.amountPaid} error={errors.amount}>
            <MoneyInput
              id={amountId}
              ref={amountRef}
              value={paid}
              onValue={(value) => {
                setPaid(value);
                setErrors({});
              }}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={`${amountId}-hint${errors.amount ? ` ${amountId}-error` : ''}`}
            />
            <p id={`${amountId}-hint`} className="mt-1 text-xs text-slate-600">
              {CLOSING_LABELS.amountPaidHint}
            </p>
          </FormField>
        ) : null}
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
