import type { z } from 'zod';
import { sameValue } from '../same-value';

/**
 * The one form state of the web app, without any framework: the values, the copy they started
 * from, and the messages of a zod schema by field. Every form holds it, through a binding:
 * - React screens: `useZodForm` (lib/use-zod-form.ts), over React state;
 * - plain DOM (the public /form page, which has no React): `createFormStore` (form-store.ts).
 *
 * Each change is a pure function from one state to the next (`withValue`, `withSubmitAttempt`,
 * `withServerErrors`, `resetForm`, `rebaseForm`); what a form shows is derived from a state and
 * the schema's check of its values (`checkForm`, `describeForm`). A new form needs a schema, its
 * start values and one setter per field, nothing else:
 *
 *   const store = createFormStore(noteBodySchema, { text: '' });   // or useZodForm(...) in React
 *   store.setValue('text', typed);                                 // one setter per field
 *   const check = store.validate();                                // on submit
 *   if (check.valid) save(check.data);                             // the schema's output
 *   else focus(firstOf(check.errors));                             // one message per field
 *   store.setServerErrors({ text: 'from the API' });               // a 400/409's field messages
 *   store.reset(saved);                                            // the saved copy, clean again
 */

/** A form's values by field name. */
export type FormValues = Record<string, unknown>;

/** One message per field: the first one the rules (or the API) gave. */
export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

/**
 * What a form needs of a zod schema: classic zod's schemas and zod/mini's both have it (a page
 * whose bundle must stay small can check with a zod/mini schema).
 */
export type FormRules<O> = {
  safeParse: (
    data: unknown,
  ) =>
    { success: true; data: O } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } };
};

/**
 * The rules: a zod schema, a shared one where there is one (`@crm/shared`), so the browser checks
 * exactly what the API checks, with the spec's messages; or a function of the values that picks
 * one (a password change swaps the rule set). The schema's input is left open: values may carry
 * UI-only keys (e.g. changePassword).
 */
export type FormSchema<V, O> = FormRules<O> | ((values: V) => FormRules<O>);

/** What the rules say of some values: their parsed output, or one message per field. */
export type FormCheck<V, O> =
  { valid: true; data: O; errors: FormErrors<V> } | { valid: false; errors: FormErrors<V> };

/** What a form holds. Never changed in place: each change answers a new state. */
export type FormState<V> = {
  values: V;
  /** The copy the form started from, or was last reset (or rebased) to. */
  defaultValues: V;
  /** Whether a field changed since then (setting it back counts). */
  isDirty: boolean;
  /** Whether a submit was tried: from then on the rules' messages show. */
  submitAttempted: boolean;
  /** Field messages the API answered (400/409), each shown until its field changes. */
  serverErrors: FormErrors<V>;
};

/** What a form shows: its state and what follows from it and the rules. */
export type FormView<V> = FormState<V> & {
  /**
   * The messages to show: the API's, and the rules' once a submit was tried, or from the start
   * in live mode (§5 "After the first failed submit, validation runs again on every change").
   */
  errors: FormErrors<V>;
  /** Whether the values break any rule, shown or not. */
  hasErrors: boolean;
  /** Whether the values differ from `defaultValues` now (a field set back is no change). */
  hasChanges: boolean;
};

export type FormModeOptions = {
  /**
   * false (default): the rules' messages show after the first submit attempt, then follow every
   * change. true: they follow every change from the start (the Edit User modal's "Fix errors").
   */
  live?: boolean;
};

const NO_ERRORS = {};

export function startForm<V extends FormValues>(values: V): FormState<V> {
  return {
    values,
    defaultValues: values,
    isDirty: false,
    submitAttempted: false,
    serverErrors: NO_ERRORS,
  };
}

/** One field typed or chosen: the form is dirty, and the API's message on that field goes. */
export function withValue<V extends FormValues, K extends keyof V>(
  state: FormState<V>,
  name: K,
  value: V[K],
): FormState<V> {
  let { serverErrors } = state;
  if (name in serverErrors) {
    serverErrors = { ...serverErrors };
    delete serverErrors[name as keyof V & string];
  }
  return { ...state, values: { ...state.values, [name]: value }, isDirty: true, serverErrors };
}

export function withSubmitAttempt<V extends FormValues>(state: FormState<V>): FormState<V> {
  return state.submitAttempted ? state : { ...state, submitAttempted: true };
}

/** The API's field messages (they replace the previous ones). */
export function withServerErrors<V extends FormValues>(
  state: FormState<V>,
  serverErrors: FormErrors<V>,
): FormState<V> {
  return { ...state, serverErrors };
}

/**
 * Back to a clean form. With `next` (e.g. the server's copy after a save or a 409 reload), that
 * copy becomes the one later resets return to, as react-hook-form's reset(values) does.
 */
export function resetForm<V extends FormValues>(state: FormState<V>, next?: V): FormState<V> {
  return startForm(next ?? state.defaultValues);
}

/**
 * A newer server copy under the values being edited (after a conflict, or after a change saved
 * on its own such as a note): `next` becomes the copy resets return to, and `values` the draft
 * merged onto it. The typed values stay; nothing counts as saved.
 */
export function rebaseForm<V extends FormValues>(
  state: FormState<V>,
  next: V,
  merged: V,
): FormState<V> {
  return {
    ...state,
    values: merged,
    defaultValues: next,
    isDirty: state.isDirty || Object.keys(merged).some((key) => !sameValue(merged[key], next[key])),
  };
}

/**
 * The changes above, bound to wherever a form's state lives: `update` applies one change to the
 * current state (a store commits it; React's state setter queues it). The store and `useZodForm`
 * both hand out these same methods.
 */
export function bindFormChanges<V extends FormValues>(
  update: (change: (state: FormState<V>) => FormState<V>) => void,
) {
  return {
    setValue: <K extends keyof V>(name: K, value: V[K]) =>
      update((state) => withValue(state, name, value)),
    attemptSubmit: () => update(withSubmitAttempt),
    /** The API's field messages (400/409), each shown until its field changes. */
    setServerErrors: (errors: FormErrors<V>) => update((state) => withServerErrors(state, errors)),
    /** Back to a clean form: to the start values, or to `next` from now on. */
    reset: (next?: V) => update((state) => resetForm(state, next)),
    /** A newer server copy under the draft (see `rebaseForm`). */
    rebase: (next: V, merged: V) => update((state) => rebaseForm(state, next, merged)),
  };
}

/** The first message of each field, in the order of the schema's issues. */
function messagesByField<V>(issues: readonly z.core.$ZodIssue[]): FormErrors<V> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors as FormErrors<V>;
}

/** The rules run on the values. */
export function checkForm<V extends FormValues, O>(
  schema: FormSchema<V, O>,
  values: V,
): FormCheck<V, O> {
  const result = (typeof schema === 'function' ? schema(values) : schema).safeParse(values);
  return result.success
    ? { valid: true, data: result.data, errors: NO_ERRORS }
    : { valid: false, errors: messagesByField<V>(result.error.issues) };
}

export function hasChanges<V extends FormValues>({ values, defaultValues }: FormState<V>): boolean {
  return Object.keys({ ...defaultValues, ...values }).some(
    (key) => !sameValue(values[key], defaultValues[key]),
  );
}

/** What `state` shows, given the rules' `check` of its values. */
export function describeForm<V extends FormValues, O>(
  state: FormState<V>,
  check: FormCheck<V, O>,
  { live = false }: FormModeOptions = {},
): FormView<V> {
  return {
    ...state,
    errors: { ...state.serverErrors, ...(state.submitAttempted || live ? check.errors : {}) },
    hasErrors: !check.valid,
    hasChanges: hasChanges(state),
  };
}
