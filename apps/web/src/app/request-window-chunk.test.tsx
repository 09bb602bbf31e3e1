import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { OUTAGE_LABELS } from '@crm/shared';
import { page } from './chunk-failure';
import { addRequest, addUser } from '../test/fake-api';
import { renderApp } from '../test/render';
import { server } from '../test/server';

const CHUNK_URL = 'http://localhost/assets/edit-request-form-Ab12Cd34.js';

// Issue 33: the window's form is a lazy chunk. Here it can't be loaded, as Chromium says it when
// the server is away (the chunk's module answers, its form throws the browser's error). Its
// answer waits until the test lets it go, once the window is open: the app's start (board, the
// window's request) and the chunk's failure are then looked for each on its own, not both inside
// one `findBy` that a busy machine's start alone could outlast.
const chunk = vi.hoisted(() => {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  return { answer, answered: () => answered };
});
vi.mock('../features/requests/request-editor/edit-request-form', async () => {
  await chunk.answered();
  return {
    get EditRequestForm(): never {
      throw new TypeError(`Failed to fetch dynamically imported module: ${CHUNK_URL}`);
    },
  };
});

describe('the request window, whose form is a chunk of its own (issue 33)', () => {
  it('when its chunk can’t be loaded (the server away), then the outage page shows with "Reintentar", not a white page', async () => {
    // React logs what the boundary catches: keep the output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reloads = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    server.use(http.get(CHUNK_URL, () => HttpResponse.error()));
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({ name: 'Enlazada' });
    renderApp(`/main/requests/${request._id}`, admin);
    expect(await screen.findByRole('dialog', { name: 'Editar solicitud' })).toBeInTheDocument();
    chunk.answer();

    expect(
      await screen.findByRole('heading', { level: 1, name: OUTAGE_LABELS.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: OUTAGE_LABELS.retry })).toBeInTheDocument();
    expect(reloads).not.toHaveBeenCalled();
  });
});
