import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addRequest, addUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

// The request window's form, a chunk of its own (issue 33): when its module is first asked for
// (once a file: the module is then loaded, hence a file of its own).
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

describe('the board and the request window’s chunk, by keyboard (issue 33)', () => {
  it('when the focus comes to a card, then the window’s code is fetched ahead', async () => {
    const card = await showBoard();
    expect(formAskedFor).not.toHaveBeenCalled();

    card.focus();

    await waitFor(() => expect(formAskedFor).toHaveBeenCalledTimes(1));
  });
});
