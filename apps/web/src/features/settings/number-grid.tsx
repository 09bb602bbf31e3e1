import { columnTitleOf, type RequestStatus } from '@crm/shared';
import { FormField, TextInput } from '../../components/ui/form-field';

export type NumberGridProps<S extends RequestStatus> = {
  /** Distinguishes the fields' ids and names from another grid's (both are per stage). */
  name: string;
  statuses: readonly S[];
  /** A stage's field label (its column title, with the unit when another grid uses the title). */
  labelOf: (title: string) => string;
  values: Record<S, string>;
  errors: Partial<Record<string, string>>;
  min: number;
  max: number;
  onChange: (status: S, value: string) => void;
  /** Each input's ref, by its path (`staleDays.contacted`, as `errors` names it). */
  inputRef: (path: string) => (element: HTMLInputElement | null) => void;
};

/** One whole number per stage, with its message next to it (the stale days, the probabilities). */
export function NumberGrid<S extends RequestStatus>({
  name,
  statuses,
  labelOf,
  values,
  errors,
  min,
  max,
  onChange,
  inputRef,
}: NumberGridProps<S>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {statuses.map((status) => {
        const id = `${name}-${status.replace(/\s/g, '-')}`;
        const path = `${name}.${status}`;
        const error = errors[path];
        const title = columnTitleOf(status);
        return (
          <FormField key={status} id={id} label={labelOf(title)} error={error}>
            <TextInput
              ref={inputRef(path)}
              id={id}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              value={values[status]}
              onChange={(event) => onChange(status, event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </FormField>
        );
      })}
    </div>
  );
}
