import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { lazyChunk, usePreloadOnFirstUse } from '../../lib/lazy-chunk';
import type * as PanelTypes from './dialog-panels';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Tailwind classes sizing the panel: its max width (and, for a panel that fixes it, its height). */
  size?: string;
  closeLabel?: string;
  /**
   * Where the focus goes when the dialog closes, given the control that had it when the dialog
   * opened (null on a deep link). Default: that control, if it is still on the page.
   */
  returnFocus?: (opener: HTMLElement | null) => HTMLElement | null | undefined;
  /**
   * For a dialog of text only (no field, no button but the X): its body takes the focus, so the
   * arrow keys scroll it where it is longer than the screen.
   */
  textOnly?: boolean;
  /**
   * The control to open on, when the content names one (the Edit Request modal at a link's
   * `focus=<field>`); while it holds nothing, the first field as usual.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Opens with the focus on its title (out of the Tab order), not its first field: a long window
   * read before it is filled in (the Edit Request modal, issue 25). `initialFocus` still wins.
   */
  focusTitle?: boolean;
};

export { isOnPage } from './is-on-page';

/**
 * The dialogs' Radix parts (dialog-panels.tsx) are a chunk of their own, off every first paint
 * (apps/web/scripts/check-budgets.mjs, LAZY_PARTS). Loaded once, by the first dialog to open or
 * ahead at a person's first sign of use (usePreloadDialogs); a failure is not kept, so the next
 * opening asks again.
 */
let panels: typeof PanelTypes | undefined;
const panelsChunk = lazyChunk(() => import('./dialog-panels').then((module) => (panels = module)));

/** Fetches the dialogs' chunk ahead (once); a failure is left to a dialog's opening. */
export const preloadDialogs = panelsChunk.preload;

/**
 * Fetches the dialogs' chunk at a person's first pointer over the page, touch, key or focus: the
 * way to any button that opens a dialog (the board's toolbar, a card's actions, "?" for the
 * shortcuts), well before its click, so a dialog opens at once as before.
 */
export const usePreloadDialogs = () =>
  usePreloadOnFirstUse(
    document,
    ['pointerover', 'touchstart', 'keydown', 'focusin'],
    preloadDialogs,
  );

/**
 * The dialogs' parts once loaded: at once when they are; otherwise undefined (the dialog draws
 * nothing), asked for while `open`, and drawn as they come. Once there they stay, so a dialog
 * closes through Radix (its focus given back). A chunk that can't be loaded is thrown to the
 * outage page's boundary (app/chunk-error-boundary.tsx), like a lazy screen's.
 */
export function useDialogPanels(open: boolean): typeof PanelTypes | undefined {
  const [loaded, setLoaded] = useState(panels);
  const [, setFailure] = useState<unknown>();
  const ready = loaded ?? panels;
  useEffect(() => {
    if (ready || !open) return;
    let live = true;
    panelsChunk.load().then(
      (module) => live && setLoaded(module),
      (error: unknown) =>
        live &&
        setFailure(() => {
          throw error;
        }),
    );
    return () => {
      live = false;
    };
  }, [ready, open]);
  return ready;
}

/**
 * A modal dialog: traps focus, closes on Escape and on its X button. It opens with the focus on
 * its first field (or on itself while it has none, so its title is read) and, once closed, gives
 * the focus back to the control that opened it (`returnFocus` to choose another). Radix would
 * only return it to a Radix trigger, which these dialogs don't use. A click on a notice (to close
 * or pause it) does not count as a click outside. Its parts: dialog-panels.tsx (DialogPanel).
 */
export function Dialog(props: DialogProps) {
  const parts = useDialogPanels(props.open);
  return parts ? <parts.DialogPanel {...props} /> : null;
}
