import { useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { OUTCOME_LABELS, SETTINGS_LABELS } from '@crm/shared';
import { Button, IconButton } from '../../components/ui/button';
import { TextInput } from '../../components/ui/form-field';

export type LostReasonsFieldProps = {
  reasons: string[];
  onChange: (reasons: string[]) => void;
  error?: string;
};

/**
 * "Motivos de pérdida" (issue 21): each reason renamed in place, removed (never the last one),
 * or added at the end. A reason removed stays readable on the requests that gave it.
 */
export function LostReasonsField({ reasons, onChange, error }: LostReasonsFieldProps) {
  const id = useId();
  const [adding, setAdding] = useState('');
  const add = () => {
    if (!adding.trim()) return;
    onChange([...reasons, adding.trim()]);
    setAdding('');
  };
  const describedBy = [`${id}-help`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      aria-describedby={describedBy}
      className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:p-6"
    >
      <legend className="float-left mb-1 text-base font-semibold text-slate-900">
        {SETTINGS_LABELS.lostReasonsHeading}
      </legend>
      <p id={`${id}-help`} className="clear-left text-sm text-slate-600">
        {SETTINGS_LABELS.lostReasonsHelp}
      </p>
      <ul className="space-y-2">
        {reasons.map((reason, index) => (
          // By position: a rename changes the text, the row stays (and keeps the focus).
          <li key={index} className="flex items-center gap-2">
            <TextInput
              aria-label={`${OUTCOME_LABELS.reason} ${index + 1}`}
              value={reason}
              aria-invalid={error ? true : undefined}
              onChange={(event) =>
                onChange(reasons.map((old, at) => (at === index ? event.target.value : old)))
              }
            />
            <IconButton
              label={SETTINGS_LABELS.removeReason(reason)}
              disabled={reasons.length === 1}
              onClick={() => onChange(reasons.filter((_, at) => at !== index))}
              className="p-1.5 hover:bg-red-50 hover:text-red-600 disabled:opacity-40"
            >
              <Trash2 className="size-4" aria-hidden />
            </IconButton>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <TextInput
          aria-label={SETTINGS_LABELS.newReason}
          placeholder={SETTINGS_LABELS.newReason}
          className="placeholder:text-slate-500!"
          value={adding}
          onChange={(event) => setAdding(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the reason here rather than saving the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" className="shrink-0" onClick={add}>
          {SETTINGS_LABELS.addReason}
        </Button>
      </div>
    </fieldset>
  );
}
