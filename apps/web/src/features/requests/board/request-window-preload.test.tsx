import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addRequest, addUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

// The request window's form, a chunk of its own (issue 33): when its module is first asked for.
const formAskedFor = vi.hoisted(() => vi.fn());
vi.mock('../request-editor/edit-request-form', async (importOriginal) => {
  formAskedFor();
  return importOriginal();
});

/** The board with one card, "Primera", as an admin. */
async function showBoard() {
  const admin = addUser({ role: 'system admin' });
  addRequest({ name: 'Primera' });
  renderApp('/main/requests', admin);
  return screen.findByRole('article', { name: /: Primera$/ });
}

describe('the board and the request window’s chunk (issue 33)', () => {
  it('when the cards show, then the window’s code waits; when the pointer comes over a card, then it is fetched ahead, before any card is opened', async () => {
    const card = await showBoard();
    // Long enough for an idle callback or a timer: the first scroll isn't made to compete with it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(formAskedFor).not.toHaveBeenCalled();

    fireEvent.pointerOver(card);

    await waitFor(() => expect(formAskedFor).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
