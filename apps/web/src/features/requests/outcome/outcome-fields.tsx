import { useId } from 'react';
import { OUTCOME_LABELS, type OutcomeResult } from '@crm/shared';
import { FormField, Select, TextArea } from '../../../components/ui/form-field';

/** The outcome as being chosen: no result yet on a request closed before issue 21. */
export type OutcomeDraft = { result: OutcomeResult | null; reason: string; comment: string };

export type OutcomeFieldsProps = {
  value: OutcomeDraft;
  onChange: (value: OutcomeDraft) => void;
  /** The settings' lost reasons (a reason chosen before it left the list is offered too). */
  reasons: readonly string[];
  /** The message for the reason (required when lost), or for the choice itself. */
  reasonError?: string;
  resultError?: string;
  /** The reason select's ref, so a refused answer can put the focus there. */
  reasonRef?: (element: HTMLSelectElement | null) => void;
};

const RESULTS: readonly OutcomeResult[] = ['won', 'lost'];

/**
 * Ganada, or Perdida with its Motivo (from the settings' list) and an optional comment: the
 * closing question's fields, and the modal's "Resultado" on a closed request.
 */
export function OutcomeFields({
  value,
  onChange,
  reasons,
  reasonError,
  resultError,
  reasonRef,
}: OutcomeFieldsProps) {
  const id = useId();
  // A reason removed from the list since stays readable (and kept) on the requests that gave it.
  const options =
    value.reason && !reasons.includes(value.reason) ? [value.reason, ...reasons] : reasons;
  return (
    <div className="space-y-3">
      <fieldset aria-describedby={resultError ? `${id}-result-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">{OUTCOME_LABELS.filter}</legend>
        <div className="flex gap-4">
          {RESULTS.map((result) => (
            <label key={result} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-result`}
                value={result}
                checked={value.result === result}
                onChange={() => onChange({ ...value, result })}
                className="size-4 border-slate-400 text-indigo-600 focus:ring-indigo-600"
              />
              {OUTCOME_LABELS[result]}
            </label>
          ))}
        </div>
        {resultError ? (
          <p id={`${id}-result-error`} className="mt-1 text-xs font-medium text-red-600">
            {resultError}
          </p>
        ) : null}
      </fieldset>
      {value.result === 'lost' ? (
        <>
          <FormField id={`${id}-reason`} label={OUTCOME_LABELS.reason} error={reasonError}>
            <Select
              id={`${id}-reason`}
              ref={reasonRef}
              required
              value={value.reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              onChange={(event) => onChange({ ...value, reason: event.target.value })}
            >
              <option value="">—</option>
              {options.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={`${id}-comment`} label={OUTCOME_LABELS.comment}>
            <TextArea
              id={`${id}-comment`}
              rows={2}
              value={value.comment}
              onChange={(event) => onChange({ ...value, comment: event.target.value })}
            />
          </FormField>
        </>
      ) : null}
    </div>
  );
}
