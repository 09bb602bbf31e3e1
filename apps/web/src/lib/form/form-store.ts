import {
  bindFormChanges,
  checkForm,
  describeForm,
  startForm,
  type FormCheck,
  type FormErrors,
  type FormModeOptions,
  type FormSchema,
  type FormValues,
  type FormView,
} from './form-state';

export type FormStore<V extends FormValues, O> = {
  /** What the form shows now; the same object until something changes. */
  getSnapshot: () => FormView<V>;
  /** Called after every change; answers the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  /**
   * A submit attempt: from now on the rules' messages show and follow every change. Answers the
   * check, with the schema's output (trimmed, defaulted) to send when the values are valid.
   */
  validate: () => FormCheck<V, O>;
  /** The API's field messages (400/409), each shown until its field changes. */
  setServerErrors: (errors: FormErrors<V>) => void;
  /** Back to a clean form: to the start values, or to `next` from now on. */
  reset: (next?: V) => void;
  /** A newer server copy under the draft (see `rebaseForm`). */
  rebase: (next: V, merged: V) => void;
};

/**
 * The form state as a subscribable store, for code without React (the public /form page binds
 * its inputs to it) or for `useSyncExternalStore`. React screens use `useZodForm`, over the same
 * transitions: it also takes changes made while rendering, which a store can't.
 */
export function createFormStore<V extends FormValues, O>(
  schema: FormSchema<V, O>,
  initialValues: V,
  mode: FormModeOptions = {},
): FormStore<V, O> {
  let state = startForm(initialValues);
  let check = checkForm(schema, state.values);
  let view = describeForm(state, check, mode);
  const listeners = new Set<() => void>();

  const commit = (next: typeof state) => {
    if (next === state) return;
    if (next.values !== state.values) check = checkForm(schema, next.values);
    state = next;
    view = describeForm(state, check, mode);
    for (const listener of listeners) listener();
  };

  const { attemptSubmit, ...changes } = bindFormChanges<V>((change) => commit(change(state)));

  return {
    getSnapshot: () => view,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    validate: () => {
      attemptSubmit();
      return check;
    },
    ...changes,
  };
}
