import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { serverFieldErrors } from './api-client';
import { sameValue } from './same-value';
import {
  bindFormChanges,
  checkForm,
  describeForm,
  resetForm,
  startForm,
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

/** Elements in the order a person meets them on the page. */
const byPageOrder = (a: HTMLElement, b: HTMLElement) =>
  a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;

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

  // The state setter never changes, so neither do these: `setValue`, `reset`, `rebase`,
  // `setServerErrors` keep one identity for the form's life.
  const { attemptSubmit, setValue, reset, rebase, setServerErrors } = useMemo(
    () => bindFormChanges<V>(setState),
    [],
  );

  const inputId = (name: keyof V & string) => `${formId}-${name}`;

  // Each field's element by its name, kept by the refs `field` and `fieldRef` hand out: the
  // form puts the focus on a field through them, never by looking an id up in the document.
  const elements = useRef(new Map<string, HTMLElement>());
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());
  /**
   * The ref that puts an element on the form's map under a field's name, for a control the
   * form does not bind itself (an input that reads its own value, a value shown as text).
   * The same function for each name, so React does not detach and attach it at every render.
   */
  const fieldRef = useCallback((name: keyof V & string) => {
    let ref = refs.current.get(name);
    if (!ref) {
      ref = (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      };
      refs.current.set(name, ref);
    }
    return ref;
  }, []);
  /** The element drawn for a field (its control, or its text), if it is on the page. */
  const fieldElement = useCallback(
    (name: string): HTMLElement | null => elements.current.get(name) ?? null,
    [],
  );

  /** Props for a text-like input or select bound to one field, with its accessible error. */
  const field = (name: keyof V & string) => {
    const id = inputId(name);
    const error = errors[name];
    return {
      id,
      name,
      ref: fieldRef(name),
      value: String(values[name] ?? ''),
      onChange: (event: ChangeEvent<FieldElement>) =>
        setValue(name, readValue(event.target) as V[typeof name]),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    };
  };

  const focusFirstOf = useCallback((fieldErrors: FormErrors<V>) => {
    const invalid = Object.keys(fieldErrors)
      .map((name) => elements.current.get(name))
      .filter((element) => element !== undefined)
      .sort(byPageOrder);
    invalid[0]?.focus();
  }, []);

  // A submit the rules stopped, waiting for the commit that draws its messages: the field is
  // focused after it (in an effect), so what is read out with it is its message.
  const focusAfterCommit = useRef<FormErrors<V> | null>(null);
  useEffect(() => {
    const fieldErrors = focusAfterCommit.current;
    if (!fieldErrors) return;
    focusAfterCommit.current = null;
    focusFirstOf(fieldErrors);
  });

  /**
   * The submit handler: `onValid` gets the schema's output when the values keep the rules;
   * otherwise their messages show, `onInvalid` gets them, and (`focusFirstError`) the first
   * field in error takes the focus.
   */
  const handleSubmit =
    (onValid: (data: O) => void, onInvalid?: (errors: FormErrors<V>) => void) =>
    (event?: FormEvent) => {
      event?.preventDefault();
      attemptSubmit();
      if (check.valid) {
        onValid(check.data);
        return;
      }
      onInvalid?.(check.errors);
      if (!focusFirstError) return;
      // After an earlier attempt the messages are on screen already, and this submit changes
      // nothing to commit: the focus moves now.
      if (submitAttempted) focusFirstOf(check.errors);
      else focusAfterCommit.current = check.errors;
    };

  /** The field messages of a failed call (e.g. 409 "Correo ya registrado"), if it has any. */
  const showServerErrorsOf = useCallback(
    (error: unknown) => {
      const fieldErrors = serverFieldErrors(error);
      // The API names the fields by the same shared schema's paths.
      if (fieldErrors) setServerErrors(fieldErrors as FormErrors<V>);
    },
    [setServerErrors],
  );

  /**
   * `reset`, once what was sent is saved, unless the person typed on meanwhile (a note added
   * while they kept writing): then what they typed stays.
   */
  const resetIfStill = useCallback(
    (sent: V, next?: V) =>
      setState((previous) =>
        sameValue(previous.values, sent) ? resetForm(previous, next) : previous,
      ),
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
    fieldRef,
    fieldElement,
    errors,
    /** Whether the current values break any rule, shown or not. */
    hasErrors,
    attempted: submitAttempted,
    handleSubmit,
    /**
     * Back to a clean form. With `next` (e.g. the server's copy after a save or a 409 reload),
     * that copy becomes the one later resets return to, as react-hook-form's reset(values) does.
     */
    reset,
    resetIfStill,
    /** A newer server copy under the values being edited (see `rebaseForm`). */
    rebase,
    /** Field messages the API answered (400/409), shown until the field changes. */
    setServerErrors,
    showServerErrorsOf,
  };
}
