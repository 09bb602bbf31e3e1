import { useCallback, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  checkForm,
  describeForm,
  rebaseForm,
  resetForm,
  startForm,
  withServerErrors,
  withSubmitAttempt,
  withValue,
  type FormErrors,
  type FormModeOptions,
  type FormSchema,
  type FormValues,
} from './form/form-state';

export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type Options = FormModeOptions & {
  /**
   * How a bound input's change becomes a value. Default: the element's text. The Edit Request
   * modal passes its §2 conversion (checkbox → boolean, number → number, "null" → null).
   */
  readValue?: (element: FieldElement) => unknown;
  /**
   * After a submit that the rules stop, put the focus on the first field in error (in page
   * order), so the message under it is read and the person is where the fix is. The submit
   * button may be gone by then ("Corregir Errores" replaces "Crear", §2).
   */
  focusFirstError?: boolean;
};

const readText = (element: FieldElement) => element.value;

/**
 * The form state of lib/form/form-state.ts for React screens, over the shared zod schemas, so the
 * browser checks exactly what the API checks, with the spec's messages. `schema` may depend on
 * the values (a password change swaps the rule set). Field messages the API answers are shown
 * under their fields too. The state lives in React state (not a store under
 * useSyncExternalStore) because the Edit Request modal rebases it while rendering (React's
 * "adjusting state when a prop changes"), which only a state setter may do.
 */
export function useZodForm<V extends FormValues, O>(
  schema: FormSchema<V, O>,
  initialValues: V,
  { live = false, readValue = readText, focusFirstError = false }: Options = {},
) {
  const formId = useId();
  const [state, setState] = useState(() => startForm(initialValues));
  const check = useMemo(() => checkForm(schema, state.values), [schema, state.values]);
  const { values, defaultValues, isDirty, submitAttempted, errors, hasErrors, hasChanges } =
    describeForm(state, check, { live });

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setState((previous) => withValue(previous, name, value));
  }, []);

  const inputId = (name: keyof V & string) => `${formId}-${name}`;

  /** Props for a text-like input or select bound to one field, with its accessible error. */
  const field = (name: keyof V & string) => {
    const id = inputId(name);
    const error = errors[name];
    return {
      id,
      name,
      value: String(values[name] ?? ''),
      onChange: (event: ChangeEvent<FieldElement>) =>
        setValue(name, readValue(event.target) as V[typeof name]),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    };
  };

  const handleSubmit = (onValid: (data: O) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setState(withSubmitAttempt);
    if (check.valid) {
      onValid(check.data);
      return;
    }
    const form = event?.currentTarget;
    if (!focusFirstError || !(form instanceof HTMLFormElement)) return;
    // Once the errors are drawn (aria-invalid, the message it describes the field with).
    setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  /**
   * Back to a clean form. With `next` (e.g. the server's copy after a save or a 409 reload),
   * that copy becomes the one later resets return to, as react-hook-form's reset(values) does.
   */
  const reset = useCallback((next?: V) => setState((previous) => resetForm(previous, next)), []);

  /**
   * A newer server copy under the values being edited (after a conflict, or after a change saved
   * on its own such as a note): `next` becomes the copy resets return to, and `values` the draft
   * merged onto it. The typed values stay; nothing counts as saved.
   */
  const rebase = useCallback(
    (next: V, merged: V) => setState((previous) => rebaseForm(previous, next, merged)),
    [],
  );

  /** Field messages the API answered (400/409), shown until the field changes. */
  const setServerErrors = useCallback(
    (fieldErrors: FormErrors<V>) => setState((previous) => withServerErrors(previous, fieldErrors)),
    [],
  );

  return {
    values,
    /** The copy the form started from, or was last reset to. */
    defaultValues,
    /** Whether a field changed since the form started or was reset (setting it back counts). */
    isDirty,
    /** Whether the values differ from that copy now (a field set back to it is no change). */
    hasChanges,
    setValue,
    field,
    inputId,
    errors,
    /** Whether the current values break any rule, shown or not. */
    hasErrors,
    attempted: submitAttempted,
    handleSubmit,
    reset,
    rebase,
    setServerErrors,
  };
}
