import { useCallback, useState } from 'react';
import { APP_LABELS } from '@crm/shared';
import { ConfirmDialog } from './confirm-dialog';

export type DiscardChangesDialogProps = {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
};

/** "¿Descartar los cambios?" over a form being closed with unsaved changes (issue 12). */
function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: DiscardChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      message={APP_LABELS.discardQuestion}
      confirmLabel={APP_LABELS.discard}
      cancelLabel={APP_LABELS.keepEditing}
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
      placement="center"
    />
  );
}

export type DiscardPromptOptions = {
  /** Whether closing now would lose something the user typed. */
  hasChanges: boolean;
  /** Closes the form for good (after "Descartar", or at once when nothing changed). */
  onDiscard: () => void;
};

/**
 * Every way out of a form (Escape, backdrop, X, "Cancelar") goes through `requestClose`: an
 * unchanged form closes at once; otherwise `prompt` asks first. Render `prompt` inside the form's
 * dialog so it stacks over it (Escape then closes the question, not the form).
 */
export function useDiscardPrompt({ hasChanges, onDiscard }: DiscardPromptOptions) {
  const [asking, setAsking] = useState(false);

  const requestClose = useCallback(() => {
    if (hasChanges) setAsking(true);
    else onDiscard();
  }, [hasChanges, onDiscard]);

  const prompt = (
    <DiscardChangesDialog
      open={asking}
      onKeepEditing={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        onDiscard();
      }}
    />
  );

  return { requestClose, prompt, asking };
}
