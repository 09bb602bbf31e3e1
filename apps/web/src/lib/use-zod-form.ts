import { useCallback, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { sameValue } from './same-value';

type Values = Record<string, unknown>;
// The schema's input is left open: form values may carry UI-only keys (e.g. changePassword).
type SchemaFor<O> = z.ZodType<O>;

export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type Options = {
  /**
   * false (default): errors show after the first submit attempt and then follow every change
   * (§5 "After the first failed submit, validation runs again on every change").
   * true: errors follow every change from the start (Edit User modal's "Fix errors").
   */
  live?: boolean;
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

/** The values, the copy they started from, and whether a field changed since then. */
type FormState<V> = { values: V; defaultValues: V; isDirty: boolean };

const readText = (element: FieldElement) => element.value;

/** The first message of each field, in the order of the schema's issues. */
function messagesByField<V>(issues: readonly z.core.$ZodIssue[]): FormErrors<V> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors as FormErrors<V>;
}

/**
 * The one form state of the web app, over the shared zod schemas, so the browser checks exactly
 * what the API checks, with the spec's messages. `schema` may depend on the values (a password
 * change swaps the rule set). Field messages the API answers are shown under their fields too.
 */
export function useZodForm<V extends Values, O>(
  schema: SchemaFor<O> | ((values: V) => SchemaFor<O>),
  initialValues: V,
  { live = false, readValue = readText, focusFirstError = false }: Options = {},
) {
  const formId = useId();
  const [state, setState] = useState<FormState<V>>(() => ({
    values: initialValues,
    defaultValues: initialValues,
    isDirty: false,
  }));
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors<V>>({});
  const { values, defaultValues, isDirty } = state;
  const hasChanges = useMemo(
    () =>
      Object.keys({ ...defaultValues, ...values }).some(
        (key) => !sameValue(values[key], defaultValues[key]),
      ),
    [values, defaultValues],
  );

  const result = useMemo(
    () => (typeof schema === 'function' ? schema(values) : schema).safeParse(values),
    [schema, values],
  );
  const allErrors: FormErrors<V> = result.success ? {} : messagesByField<V>(result.error.issues);
  const visibleErrors: FormErrors<V> = {
    ...serverErrors,
    ...(attempted || live ? allErrors : {}),
  };

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setState((previous) => ({
      ...previous,
      values: { ...previous.values, [name]: value },
      isDirty: true,
    }));
    setServerErrors((previous) => {
      if (!(name in previous)) return previous;
      const next = { ...previous };
      delete next[name as keyof V & string];
      return next;
    });
  }, []);

  const inputId = (name: keyof V & string) => `${formId}-${name}`;

  /** Props for a text-like input or select bound to one field, with its accessible error. */
  const field = (name: keyof V & string) => {
    const id = inputId(name);
    const error = visibleErrors[name];
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
    setAttempted(true);
    if (result.success) {
      onValid(result.data);
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
  const reset = useCallback((next?: V) => {
    setState((previous) => {
      const target = next ?? previous.defaultValues;
      return { values: target, defaultValues: target, isDirty: false };
    });
    setAttempted(false);
    setServerErrors({});
  }, []);

  /**
   * A newer server copy under the values being edited (after a conflict, or after a change saved
   * on its own such as a note): `next` becomes the copy resets return to, and `values` the draft
   * merged onto it. The typed values stay; nothing counts as saved.
   */
  const rebase = useCallback((next: V, merged: V) => {
    setState((previous) => ({
      values: merged,
      defaultValues: next,
      isDirty:
        previous.isDirty || Object.keys(merged).some((key) => !sameValue(merged[key], next[key])),
    }));
  }, []);

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
    errors: visibleErrors,
    /** Whether the current values break any rule, shown or not. */
    hasErrors: !result.success,
    attempted,
    handleSubmit,
    reset,
    rebase,
    /** Field messages the API answered (400/409), shown until the field changes. */
    setServerErrors,
  };
}
