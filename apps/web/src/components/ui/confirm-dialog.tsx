import { useDialogPanels } from './dialog';

export type ConfirmDialogProps = {
  open: boolean;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  placement?: 'top-center' | 'center';
};

/**
 * A confirmation pop-up that never closes by itself (§9): only its buttons or Escape (= cancel)
 * close it. Focus stays inside while it is open (on the cancel button first) and goes back to
 * where it was when it closes (Radix would only return it to a Radix trigger). Its parts, with the
 * dialogs': dialog-panels.tsx (ConfirmPanel).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const parts = useDialogPanels(props.open);
  return parts ? <parts.ConfirmPanel {...props} /> : null;
}
