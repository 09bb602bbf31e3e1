import { useCallback, useMemo, useRef, useState } from 'react';
import { BOARD_COLUMNS, type Request, type RequestStatus } from '@crm/shared';
import { useRequests } from '../../../api/requests/get-requests';
import { useCurrentUser } from '../../../api/session/get-current-user';
import { useUsers } from '../../../api/users/get-users';
import { fullName, initials } from '../../../lib/format';
import { useBoardKeyboardScroll } from '../hooks/use-board-keyboard-scroll';
import { BoardColumn } from './board-column';
import { CreateRequestModal } from './create-request-modal';
import { EditRequestModal } from './edit-request-modal';
import type { CardOwner } from './request-card';

/** /main/requests (§2): five stage columns over the request list. */
export function RequestsBoard() {
  const requests = useRequests();
  const users = useUsers();
  const { isAdmin } = useCurrentUser();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const boardRef = useRef<HTMLDivElement>(null);
  useBoardKeyboardScroll(boardRef);

  const byStatus = useMemo(() => {
    const groups = new Map<RequestStatus, Request[]>(BOARD_COLUMNS.map((c) => [c.status, []]));
    for (const request of requests.data ?? []) groups.get(request.status)?.push(request);
    return groups;
  }, [requests.data]);

  // §2: the avatar shows the initials of the user whose events list contains the request.
  const ownerByRequest = useMemo(() => {
    const owners = new Map<string, CardOwner>();
    for (const user of users.data ?? []) {
      const owner = { initials: initials(user), fullName: fullName(user) };
      for (const event of user.events) owners.set(event._id, owner);
    }
    return owners;
  }, [users.data]);
  const ownerOf = useCallback(
    (request: Request) => ownerByRequest.get(request._id) ?? null,
    [ownerByRequest],
  );

  const status = requests.isPending ? 'loading' : requests.isError ? 'error' : 'ready';

  return (
    <div className="flex h-full min-h-0 flex-col">
      <h1 className="sr-only">Solicitudes</h1>
      <div
        ref={boardRef}
        data-testid="board"
        className="min-h-0 flex-1 overflow-auto overscroll-contain px-3 pb-3 md:px-5 md:pb-5"
      >
        {/* Top padding inside, not on the scroller: sticky column headers then stick to its very
            top edge instead of leaving a strip where scrolled cards show through. */}
        <div className="flex w-max items-start gap-3 pt-3 md:gap-4 md:pt-5">
          {BOARD_COLUMNS.map((column) => (
            <BoardColumn
              key={column.status}
              title={column.title}
              requests={byStatus.get(column.status) ?? []}
              status={status}
              errorMessage={requests.error?.message}
              ownerOf={ownerOf}
              canDelete={isAdmin}
              onEdit={setEditingId}
              onCreate={column.status === 'new request' ? () => setCreating(true) : undefined}
            />
          ))}
        </div>
      </div>

      <CreateRequestModal open={creating} onClose={() => setCreating(false)} />
      {editingId ? (
        <EditRequestModal
          key={editingId}
          requestId={editingId}
          onClose={() => setEditingId(null)}
        />
      ) : null}
    </div>
  );
}
