import { useState } from 'react';
import { Plus } from 'lucide-react';
import { SESSION_MESSAGES, type Request } from '@crm/shared';
import { IconButton } from '../../../components/ui/button';
import { LABELS } from '../../../lib/labels';
import { RequestCard, type CardOwner } from './request-card';

/** Cards drawn per column before "Mostrar más": keeps the board quick with thousands of requests. */
export const COLUMN_PAGE_SIZE = 100;

export type BoardColumnProps = {
  title: string;
  requests: readonly Request[];
  status: 'loading' | 'error' | 'ready';
  errorMessage?: string;
  ownerOf: (request: Request) => CardOwner | null;
  canDelete: boolean;
  onEdit: (requestId: string) => void;
  /** Only the "new request" column has the "+" button (§2). */
  onCreate?: () => void;
};

export function BoardColumn({
  title,
  requests,
  status,
  errorMessage,
  ownerOf,
  canDelete,
  onEdit,
  onCreate,
}: BoardColumnProps) {
  const [shown, setShown] = useState(COLUMN_PAGE_SIZE);
  const headingId = `column-${title.replace(/\W+/g, '-').toLowerCase()}`;

  return (
    <section
      aria-labelledby={headingId}
      className="flex w-72 shrink-0 flex-col rounded-xl bg-slate-100/80 ring-1 ring-slate-200"
    >
      <header className="sticky top-0 z-10 flex min-h-12 items-center justify-between gap-2 rounded-t-xl bg-slate-100 px-3 py-2">
        <div className="flex min-w-0 items-center gap-2">
          <h2 id={headingId} className="truncate text-xs font-bold tracking-wide text-slate-700">
            {title}
          </h2>
          {status === 'ready' ? (
            <span
              className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200"
              aria-label={`${requests.length} solicitudes`}
            >
              {requests.length}
            </span>
          ) : null}
        </div>
        {onCreate ? (
          <IconButton
            label="Crear solicitud"
            onClick={onCreate}
            className="bg-indigo-600 text-white hover:bg-indigo-500 hover:text-white"
          >
            <Plus className="size-4" aria-hidden />
          </IconButton>
        ) : null}
      </header>

      <div className="flex flex-col gap-2 px-2 pb-3">
        {status === 'loading' ? (
          <p className="px-1 py-2 text-sm text-slate-500">{LABELS.loading}</p>
        ) : null}
        {status === 'error' ? (
          <p role="alert" className="px-1 py-2 text-sm text-red-600">
            {SESSION_MESSAGES.errorPrefix}
            {errorMessage}
          </p>
        ) : null}
        {status === 'ready'
          ? requests
              .slice(0, shown)
              .map((request) => (
                <RequestCard
                  key={request._id}
                  request={request}
                  owner={ownerOf(request)}
                  canDelete={canDelete}
                  onEdit={onEdit}
                />
              ))
          : null}
        {status === 'ready' && requests.length > shown ? (
          <button
            type="button"
            onClick={() => setShown((count) => count + COLUMN_PAGE_SIZE)}
            className="rounded-md px-2 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
          >
            Mostrar más ({requests.length - shown})
          </button>
        ) : null}
      </div>
    </section>
  );
}
