import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

// A dialog opened over another (the closing question over the request window, issue 33) may be
// clicked the moment it is drawn, before Radix has stacked it (a lazy chunk's effects come a
// little later): that click is not a click outside the window below.
describe('Dialog', () => {
  it('a press inside another dialog does not close this one; a press elsewhere does', async () => {
    const onOpenChange = vi.fn();
    render(
      <>
        <Dialog open onOpenChange={onOpenChange} title="Ventana">
          <p>Contenido</p>
        </Dialog>
        <div role="dialog" aria-label="Pregunta">
          <input type="radio" aria-label="Ganada" />
        </div>
        <p>Fuera</p>
      </>,
    );
    // Drawn once its chunk has come (dialog-panels.tsx)...
    await screen.findByText('Contenido');
    // ...and Radix listens for presses outside from the next tick on (and hides the rest from ARIA).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    fireEvent.pointerDown(screen.getByLabelText('Ganada'));
    expect(onOpenChange).not.toHaveBeenCalled();

    fireEvent.pointerDown(screen.getByText('Fuera'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
