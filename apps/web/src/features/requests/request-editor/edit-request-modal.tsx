import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { API_MESSAGES, SESSION_MESSAGES, EDIT_REQUEST_TITLE } from '@crm/shared';
import { useRequest } from '../../../api/requests/get-request';
import { Dialog } from '../../../components/ui/dialog';
import { useDiscardPrompt } from '../../../components/ui/discard-changes-dialog';
import { hasFailed, LoadError } from '../../../components/ui/load-error';
import { LoadingText } from '../../../components/ui/status-text';
import { ApiError } from '../../../lib/api-client';
import { lazyChunk, usePreloadOnFirstUse } from '../../../lib/lazy-chunk';
import { requestFocusTarget } from '../shared';

// The window's form (its fields, sections, activities, notes and history: most of its code) is
// a chunk of its own (apps/web/scripts/check-budgets.mjs, LAZY_PARTS), not on the board's first
// paint. This shell opens at once with "Cargando..." and asks for the chunk and the request at
// the same time; the board fetches the chunk ahead once the pointer or the focus is on it
// (usePreloadRequestWindow), so a click waits only for the request, as before. A chunk that
// can't be loaded shows the outage page (app/chunk-error-boundary.tsx).
const formChunk = lazyChunk(() => import('./edit-request-form'));
const EditRequestForm = lazy(() =>
  formChunk.load().then((module) => ({ default: module.EditRequestForm })),
);

/** Fetches the window's chunk ahead (once); a failure is left to the window's opening. */
const preloadForm = formChunk.preload;

/**
 * Fetches the window's chunk (once) at the first sign a card may be opened on `board`: the
 * pointer over it, a touch, the focus in it. Not when the cards first paint: parsing the chunk
 * then competed with the board's first scroll (issue 33's figures, docs/benchmarks.md). The
 * pointer reaches a card well before its click, so the click still waits only for the request.
 */
export const usePreloadRequestWindow = (board: HTMLElement | null) =>
  usePreloadOnFirstUse(board, ['pointerover', 'touchstart', 'focusin'], preloadForm);

export type EditRequestModalProps = {
  requestId: string;
  onClose: () => void;
  /** A field to bring into view and focus on opening (a link's `focus=`, e.g. from the board). */
  focusField?: string;
};

/**
 * "Editar solicitud" (§2) on the request as the server holds it now (GET /api/form-contact/:id),
 * not as a column page had it: the modal can also be opened from a link. Every way out (Escape,
 * backdrop, X, "Cancelar") asks first when something typed is not saved (issue 12).
 */
export function EditRequestModal({ requestId, onClose, focusField }: EditRequestModalProps) {
  const request = useRequest(requestId);
  // A link opened before the board had its data: the chunk and the request come together.
  useEffect(preloadForm, []);
  const [unsaved, setUnsaved] = useState(false);
  const discard = useDiscardPrompt({ hasChanges: unsaved, onDiscard: onClose });
  // Read once the modal has gone (the board may have moved the card meanwhile).
  const status = useRef(request.data?.status);
  status.current = request.data?.status ?? status.current;
  const returnFocus = useCallback(
    (opener: HTMLElement | null) => requestFocusTarget(opener, requestId, status.current),
    [requestId],
  );
  // The field a link's `focus=` names, once the form has drawn it (see useOpeningFocus).
  const openingTarget = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && discard.requestClose()}
      title={EDIT_REQUEST_TITLE}
      // Issue 25: from 1024 px two columns as tall as the screen allows, each scrolling inside.
      size="max-w-3xl lg:max-w-6xl lg:h-[calc(100dvh-3rem)]"
      returnFocus={returnFocus}
      initialFocus={openingTarget}
      focusTitle
    >
      {discard.prompt}
      {request.data ? (
        <Suspense fallback={<Loading />}>
          <EditRequestForm
            server={request.data}
            focusField={focusField}
            dialogTarget={openingTarget}
            onCancel={discard.requestClose}
            onGone={onClose}
            onUnsavedChange={setUnsaved}
          />
        </Suspense>
      ) : (
        <div className="px-5 py-6 text-sm">
          {hasFailed(request) ? (
            <LoadError
              message={request.error ? readFailure(request.error) : SESSION_MESSAGES.fetchFailed}
              onRetry={() => void request.refetch()}
              retrying={request.isFetching}
            />
          ) : (
            <LoadingText />
          )}
        </div>
      )}
    </Dialog>
  );
}

/** A link to a request that is gone (or never was) says so; anything else is a failed fetch (§8). */
const readFailure = (error: Error) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)
    ? API_MESSAGES.requestNotFound
    : SESSION_MESSAGES.fetchFailed;

/** "Cargando...", where the form goes, while its chunk comes. */
const Loading = () => (
  <div className="px-5 py-6 text-sm">
    <LoadingText />
  </div>
);
