import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addRequest, addUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

// The request window's form, a chunk of its own (issue 33): when its module is first asked for.
const formAskedFor = vi.hoisted(() => vi.fn());
vi.mock('../request-editor/edit-request-form', async (importOriginal) => {
  formAskedFor();
  return importOriginal();
});

describe('the board and the request window’s chunk (issue 33)', () => {
  it('when the board shows its cards, then it fetches the window’s code ahead, before any card is opened', async () => {
    const admin = addUser({ role: 'system admin' });
    addRequest({ name: 'Primera' });
    renderApp('/main/requests', admin);

    expect(await screen.findByRole('article', { name: /: Primera$/ })).toBeInTheDocument();
    await waitFor(() => expect(formAskedFor).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
