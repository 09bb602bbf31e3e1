import { lazy, Suspense } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTAGE_LABELS } from '@crm/shared';
import { server } from '../test/server';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { page } from './chunk-failure';
import { setupUser } from '../test/user';

const CHUNK_URL = 'http://localhost/assets/home-page-Ab12Cd34.js';

/** A lazily loaded screen whose chunk fails as Chromium says it does (the server away, or renamed). */
function ScreenWhoseChunkFails() {
  const Screen = lazy(() =>
    Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK_URL}`)),
  );
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<p>Loading...</p>}>
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/** The chunk's address answers `answer` when asked again (the boundary's check). */
function chunkAnswers(answer: 'network' | number) {
  server.use(
    http.get(CHUNK_URL, () =>
      answer === 'network'
        ? HttpResponse.error()
        : new HttpResponse(answer === 200 ? 'export {}' : null, { status: answer }),
    ),
  );
}

const watchReloads = () => vi.spyOn(page, 'reload').mockImplementation(() => undefined);

// React logs what a boundary catches: keep the output quiet.
const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

afterEach(() => sessionStorage.clear());

describe('a lazily loaded screen whose code can’t be loaded (issue 33: no white page)', () => {
  it('when the server can’t be reached, then the outage page shows with "Reintentar", and no reload', async () => {
    quietErrors();
    const reloads = watchReloads();
    chunkAnswers('network');
    render(<ScreenWhoseChunkFails />);

    expect(
      await screen.findByRole('heading', { level: 1, name: OUTAGE_LABELS.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: OUTAGE_LABELS.retry })).toBeInTheDocument();
    expect(reloads).not.toHaveBeenCalled();
  });

  it('when "Reintentar" is pressed once the server answers, then the page reloads (the screen comes with it)', async () => {
    quietErrors();
    const reloads = watchReloads();
    chunkAnswers('network');
    render(<ScreenWhoseChunkFails />);
    const retry = await screen.findByRole('button', { name: OUTAGE_LABELS.retry });

    // Still away: the page stays, nothing reloads.
    await setupUser().click(retry);
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
    expect(reloads).not.toHaveBeenCalled();

    chunkAnswers(200);
    await setupUser().click(retry);
    await waitFor(() => expect(reloads).toHaveBeenCalledTimes(1));
  });

  it('when a deploy renamed the chunk (404), then the page reloads by itself, once: failing again right after, the outage page shows rather than a loop', async () => {
    quietErrors();
    const reloads = watchReloads();
    chunkAnswers(404);
    const first = render(<ScreenWhoseChunkFails />);
    await waitFor(() => expect(reloads).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: OUTAGE_LABELS.title })).not.toBeInTheDocument();
    first.unmount();

    // The reloaded page still can't have it (sessionStorage outlives the reload).
    render(<ScreenWhoseChunkFails />);
    expect(
      await screen.findByRole('heading', { level: 1, name: OUTAGE_LABELS.title }),
    ).toBeInTheDocument();
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('when "Reintentar" is pressed after that one automatic reload, then it reloads again: the guard holds back only the automatic ones', async () => {
    quietErrors();
    const reloads = watchReloads();
    chunkAnswers(404);
    render(<ScreenWhoseChunkFails />);
    await waitFor(() => expect(reloads).toHaveBeenCalledTimes(1));
    cleanup();
    render(<ScreenWhoseChunkFails />);
    const retry = await screen.findByRole('button', { name: OUTAGE_LABELS.retry });
    expect(reloads).toHaveBeenCalledTimes(1);

    await setupUser().click(retry);
    await waitFor(() => expect(reloads).toHaveBeenCalledTimes(2));
  });

  it('any other error of a screen is not taken for an outage', () => {
    quietErrors();
    function Broken(): never {
      throw new Error('a bug');
    }
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Broken />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('a bug');
  });
});
