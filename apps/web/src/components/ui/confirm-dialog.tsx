import { useRef } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { isOnPage } from './dialog';

export type ConfirmDialogProps = {
  open: boolean;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  placement?: 'top-center' | 'center';
};

const PLACEMENTS = {
  'top-center': 'top-4',
  center: 'top-1/2 -translate-y-1/2',
} as const;

/**
 * A confirmation pop-up that never closes by itself (§9): only its buttons or Escape (= cancel)
 * close it. Focus stays inside while it is open (on the cancel button first) and goes back to
 * where it was when it closes (Radix would only return it to a Radix trigger).
 */
export function ConfirmDialog({
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
