import { APP_LABELS } from '@crm/shared';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';

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

/** Notices (react-toastify) sit outside every dialog but must stay usable while one is open. */
const isNotice = (target: EventTarget | null) =>
  target instanceof Element && target.closest('.Toastify') !== null;

/**
 * Inside another dialog: one opened over this one (the closing question over the request
 * window). Radix stacks them, but a dialog that has just appeared (a lazy chunk's, whose effects
 * run a moment after it is drawn) may be clicked before it joins the stack; that click is not
 * outside this one's task.
 */
const isOtherDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * The controls a person fills in (not the buttons, not the close X), except those marked
 * `data-no-autofocus`: a control whose change is saved at once (a stray arrow key on a focused
 * closed select changes it on some systems).
 */
const FIELDS = ['input:not([type="hidden"])', 'select', 'textarea']
  .map((field) => `${field}:not(:disabled):not([data-no-autofocus])`)
  .join(', ');

/**
 * Puts the focus on the first field inside `container` (in page order), if it has one; says
 * whether it did. Dialogs open there rather than on their close button.
 */
function focusFirstField(container: ParentNode | null): boolean {
  const field = container?.querySelector<HTMLElement>(FIELDS);
  if (!field) return false;
  field.focus();
  return true;
}

/** The control with the focus now, unless nothing has it (the page itself). */
function focusedControl(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Whether `element` can take the focus back (still on the page). */
export const isOnPage = (element: HTMLElement | null | undefined): element is HTMLElement =>
  element?.isConnected === true;

/**
 * A modal dialog: traps focus, closes on Escape and on its X button. It opens with the focus on
 * its first field (or on itself while it has none, so its title is read) and, once closed, gives
 * the focus back to the control that opened it (`returnFocus` to choose another). Radix would
 * only return it to a Radix trigger, which these dialogs don't use. A click on a notice (to close
 * or pause it) does not count as a click outside.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
  size = 'max-w-lg',
  closeLabel = APP_LABELS.close,
  returnFocus,
  textOnly = false,
  initialFocus,
  focusTitle = false,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // Radix moves the focus right after this: what has it now opened the dialog.
            opener.current = focusedControl();
            event.preventDefault();
            const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
            const body = content?.querySelector<HTMLElement>('[data-dialog-body]') ?? null;
            if (initialFocus?.current) initialFocus.current.focus();
            else if (focusTitle) titleRef.current?.focus();
            else if (textOnly) body?.focus();
            else if (!focusFirstField(body)) content?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocus ? returnFocus(opener.current) : opener.current;
            if (isOnPage(target)) target.focus();
            opener.current = null;
          }}
          onInteractOutside={(event) => {
            if (isNotice(event.target) || isOtherDialog(event.target)) event.preventDefault();
          }}
          className={`fixed inset-x-0 top-0 z-50 mx-auto flex max-h-dvh w-full ${size} flex-col bg-white shadow-xl sm:top-6 sm:max-h-[calc(100dvh-3rem)] sm:rounded-xl`}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <RadixDialog.Title
              ref={titleRef}
              tabIndex={focusTitle ? -1 : undefined}
              className="text-base font-semibold text-slate-900 outline-none"
            >
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div
            data-dialog-body
            // A scrolling region must be reachable by keyboard when nothing inside it is.
            tabIndex={textOnly ? 0 : undefined}
            className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
          >
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
