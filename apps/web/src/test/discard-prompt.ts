import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** "¿Descartar los cambios?" (components/ui/discard-changes-dialog.tsx), once it shows. */
export const findDiscardPrompt = () =>
  screen.findByRole('alertdialog', { name: '¿Descartar los cambios?' });

/**
 * Waits for "¿Descartar los cambios?" and answers it, then until the answer has done its work:
 * "Descartar" closes the form's dialog, "Seguir editando" only the question.
 */
export async function answerDiscardPrompt(
  user: UserEvent,
  answer: 'Descartar' | 'Seguir editando',
) {
  await user.click(within(await findDiscardPrompt()).getByRole('button', { name: answer }));
  const closed = answer === 'Descartar' ? 'dialog' : 'alertdialog';
  await waitFor(() => expect(screen.queryByRole(closed)).not.toBeInTheDocument());
}
