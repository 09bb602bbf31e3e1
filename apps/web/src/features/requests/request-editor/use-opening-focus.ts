import { useLayoutEffect, type RefObject } from 'react';

export type OpeningFocusOptions = {
  /** The form, once drawn inside the dialog. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The field a link's `focus=<field>` names, if any. */
  focusField: string | undefined;
  /** A field's element (its control, or its text) by name: useZodForm's `fieldElement`. */
  fieldElement: (name: string) => HTMLElement | null;
  /** Where the dialog's own opening focus goes (Dialog's `initialFocus`). */
  dialogTarget: RefObject<HTMLElement | null>;
};

/** The dialog's heading: what its `aria-labelledby` names (Radix ties it to the title). */
function headingOf(dialog: Element | null | undefined): HTMLElement | null {
  const id = dialog?.getAttribute('aria-labelledby');
  return id ? document.getElementById(id) : null;
}

/**
 * Where the focus goes when the Edit Request form appears: the field a link names
 * (`?focus=<field>`, the board's "Completar datos"), brought into view, else the window's
 * heading (issue 25: a person reads the request before changing it; the dialog's `focusTitle`).
 * Run once, in the commit that draws the form, before the dialog's own opening
 * focus (Radix runs it in a later effect), without a timer:
 * - when the form is drawn with the dialog (the request was read before), the dialog has not
 *   opened yet and takes the focus from its opener: it is told the target, and keeps the opener
 *   to give the focus back to on closing;
 * - when the form comes after (the dialog opened on its heading while the request loaded), the
 *   focus is there (or, on a deep link, nowhere) and moves to the target here.
 */
export function useOpeningFocus({
  formRef,
  focusField,
  fieldElement,
  dialogTarget,
}: OpeningFocusOptions) {
  // Its inputs do not change while the modal is open (the link is its address), so this runs
  // on the form's first commit only: later renders leave the focus where the person put it.
  useLayoutEffect(() => {
    const target = focusField ? fieldElement(focusField) : null;
    dialogTarget.current = target;
    const dialog = formRef.current?.closest('[role="dialog"]');
    const heading = headingOf(dialog);
    const active = document.activeElement;
    const waiting = active === document.body || active === dialog || active === heading;
    if (!waiting) return;
    if (target) {
      target.scrollIntoView?.({ block: 'center' });
      target.focus();
    } else {
      heading?.focus();
    }
  }, [formRef, focusField, fieldElement, dialogTarget]);
}
