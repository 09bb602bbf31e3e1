import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog, usePreloadDialogs } from './dialog';

// Counts the loads of the dialogs' chunk (its module's first import).
const chunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./dialog-panels', async (importOriginal) => {
  chunk.loads += 1;
  return importOriginal();
});

/** A page of the signed-in app: the preload, a button opening a dialog, a confirmation. */
function Page() {
  usePreloadDialogs();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <button type="button" onClick={() => setAsking(true)}>
        Borrar
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Ventana">
        <input aria-label="Nombre" />
      </Dialog>
      <ConfirmDialog
        open={asking}
        message="¿Seguro?"
        confirmLabel="Sí"
        cancelLabel="No"
        onConfirm={() => setAsking(false)}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

// Issue 34 item 3: the dialogs' Radix parts (about 13 kB) are off every first paint.
describe('the dialogs’ chunk', () => {
  it('waits on the first paint, comes with the first pointer, and then a dialog opens at once with its focus, and closes giving it back', async () => {
    render(<Page />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(chunk.loads).toBe(0);

    fireEvent.pointerOver(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(chunk.loads).toBe(1));
    // The chunk has come (as it does while the pointer travels to a button).
    await act(async () => {
      await import('./dialog-panels');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    // Drawn in the same render as the click: nobody waits for the chunk.
    expect(screen.getByRole('dialog', { name: 'Ventana' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());

    fireEvent.keyDown(screen.getByLabelText('Nombre'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    expect(screen.getByRole('alertdialog', { name: '¿Seguro?' })).toBeInTheDocument();
  });
});
