// The dialogs' Radix parts (dialog, alert dialog, their focus trap, scroll lock and layers:
// about 13 kB gzipped), a chunk of their own that `Dialog` and `ConfirmDialog` load as one of them
// first opens, or ahead at a person's first pointer, touch, key or focus (usePreloadDialogs):
// none is on a first paint but a request's link's (issue 34 item 3).
import { APP_LABELS } from '@crm/shared';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';
import type { DialogProps } from './dialog';
import { isOnPage } from './is-on-page';

/** For the users screen's own delete pop-up (§9's words and place): Radix from this chunk only. */
export { AlertDialog };

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

/**
 * A modal dialog: traps focus, closes on Escape and on its X button. It opens with the focus on
 * its first field (or on itself while it has none, so its title is read) and, once closed, gives
 * the focus back to the control that opened it (`returnFocus` to choose another). Radix would
 * only return it to a Radix trigger, which these dialogs don't use. A click on a notice (to close
 * or pause it) does not count as a click outside.
 */
export function DialogPanel({
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

const PLACEMENTS = {
  'top-center': 'top-4',
  center: 'top-1/2 -translate-y-1/2',
} as const;

/**
 * A confirmation pop-up that never closes by itself (§9): only its buttons or Escape (= cancel)
 * close it. Focus stays inside while it is open (on the cancel button first) and goes back to
 * where it was when it closes (Radix would only return it to a Radix trigger).
 */
export function ConfirmPanel({
  open,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  placement = 'top-center',
}: ConfirmDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/20" />
        <AlertDialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            // Before Radix moves the focus to "cancel" (not prevented here).
            const active = document.activeElement;
            opener.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (isOnPage(opener.current)) opener.current.focus();
            opener.current = null;
          }}
          className={`fixed inset-x-4 ${PLACEMENTS[placement]} z-50 mx-auto max-w-sm rounded-xl bg-white p-5 shadow-xl ring-1 ring-slate-200`}
        >
          <AlertDialog.Title className="text-sm font-semibold text-slate-900">
            {message}
          </AlertDialog.Title>
          <div className="mt-4 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-500"
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
