import { useId, useRef } from 'react';
import { notify } from '../../lib/notify';
import { Button } from './button';
import { TextInput } from './form-field';

export type ShownOnceProps = {
  /** What it is and that it won't be shown again. */
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  doneLabel: string;
  onDone: () => void;
};

/**
 * A secret shown this once (a webhook's, issue 36): selected on focus, a button to copy it, and
 * "Listo" to put it away for good.
 */
export function ShownOnce({
  label,
  value,
  copyLabel,
  copiedLabel,
  doneLabel,
  onDone,
}: ShownOnceProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = () =>
    void navigator.clipboard
      .writeText(value)
      .then(() => notify.success(copiedLabel))
      // No clipboard (an insecure page, a refusal): selected, for Ctrl+C.
      .catch(() => input.current?.select());
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
      <label htmlFor={id} className="block text-sm font-medium text-amber-900">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <TextInput
          id={id}
          ref={input}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 font-mono"
        />
        <Button variant="secondary" onClick={copy}>
          {copyLabel}
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
