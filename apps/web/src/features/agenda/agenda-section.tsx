import { useId } from 'react';
import { ACTIVITY_MESSAGES, AGENDA_LABELS, type AgendaBucket } from '@crm/shared';
import type { useAgenda } from '../../api/activities/get-agenda';
import { Button } from '../../components/ui/button';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { AgendaRows } from './agenda-rows';

export type AgendaSectionProps = {
  due: AgendaBucket;
  title: string;
  query: ReturnType<typeof useAgenda>;
};

/** One range of the agenda ("Vencidas", "Hoy", "Próximos 7 días"): its rows and "Cargar más". */
export function AgendaSection({ due, title, query }: AgendaSectionProps) {
  const headingId = useId();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {hasFailed(query) ? (
        // Its first page failed (a later page's failure keeps the rows, below).
        <LoadError
          message={query.error?.message ?? ACTIVITY_MESSAGES.loadFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{AGENDA_LABELS.emptyBucket}</p>
      ) : (
        <AgendaRows items={items} due={due} labelledBy={headingId} />
      )}
      {query.isFetchNextPageError ? (
        <LoadError
          message={query.error.message}
          onRetry={() => void query.fetchNextPage()}
          retrying={query.isFetchingNextPage}
        />
      ) : query.isRefetchError ? (
        // A refresh failed: the rows shown may be out of date.
        <LoadError
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      {query.hasNextPage && !query.isError ? (
        <Button
          variant="secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {AGENDA_LABELS.loadMore}
        </Button>
      ) : null}
    </section>
  );
}
