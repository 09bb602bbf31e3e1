import { useEffect, useId } from 'react';
import { IMPORT_LABELS, isImportActive, SESSION_MESSAGES, type ImportSummary } from '@crm/shared';
import { useCancelImport } from '../../api/imports/cancel-import';
import { useImport } from '../../api/imports/get-import';
import { Button } from '../../components/ui/button';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { StepAlert } from './import-table';
import { useRowsDownload } from './save-file';

export type ProgressStepProps = {
  id: string;
  /** The board follows this import (polls it, refetches its columns when it ends). */
  onFollow: (id: string) => void;
  onNewImport: () => void;
  onClose: () => void;
};

/** How the import ended, in words; nothing while it runs. */
function outcomeText(summary: ImportSummary) {
  switch (summary.status) {
    case 'done':
      return IMPORT_LABELS.done(summary.progress);
    case 'cancelled':
      return IMPORT_LABELS.cancelled;
    case 'failed':
      return IMPORT_LABELS.failed;
    default:
      return '';
  }
}

/**
 * Step 4, "Importación": the job's progress, read from the cache the board's follower polls
 * (use-import-follower.ts), so it goes on when the dialog closes; "Detener la importación" while
 * it runs; how it ended, the result of every row as a CSV and "Importar otro archivo" after.
 */
export function ProgressStep({ id, onFollow, onNewImport, onClose }: ProgressStepProps) {
  const labelId = useId();
  const query = useImport(id);
  const cancel = useCancelImport();
  useEffect(() => {
    onFollow(id);
  }, [id, onFollow]);
  const summary = query.data;
  const report = useRowsDownload(id, summary?.fileName ?? '');

  if (!summary) {
    return query.isError || hasFailed(query) ? (
      <LoadError
        message={SESSION_MESSAGES.fetchFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    ) : (
      <LoadingText />
    );
  }
  const { processed } = summary.progress;
  const active = isImportActive(summary.status);
  const progress = IMPORT_LABELS.progress(processed, summary.rowCount);
  const percent = summary.rowCount > 0 ? (100 * processed) / summary.rowCount : 0;

  return (
    <div className="space-y-3">
      <p id={labelId} className="text-sm font-medium text-slate-900">
        {summary.fileName}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={summary.rowCount}
        aria-valuenow={processed}
        aria-valuetext={progress}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width]"
          style={{ width: `${Math.min(100, percent)}%` }}
        />
      </div>
      <p className="text-sm text-slate-700 tabular-nums">{progress}</p>
      <p className="text-sm text-slate-700">{IMPORT_LABELS.counts(summary.progress)}</p>
      {active ? <p className="text-sm text-slate-600">{IMPORT_LABELS.runsInBackground}</p> : null}
      {/* Present from the start, so its end is announced when it comes. */}
      <p role="status" className="text-sm font-medium text-slate-900 empty:hidden">
        {outcomeText(summary)}
      </p>
      {summary.status === 'failed' && summary.error ? (
        <p className="text-sm text-red-700">{summary.error}</p>
      ) : null}
      <StepAlert message={cancel.error?.message} />
      <StepAlert message={report.error} />
      <div className="flex flex-wrap justify-end gap-2">
        {active ? (
          <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate(id)}>
            {IMPORT_LABELS.cancel}
          </Button>
        ) : (
          <>
            <Button
              variant="secondary"
              disabled={report.pending}
              onClick={() => report.download('all')}
            >
              {IMPORT_LABELS.downloadReport}
            </Button>
            <Button variant="secondary" onClick={onNewImport}>
              {IMPORT_LABELS.newImport}
            </Button>
          </>
        )}
        <Button variant={active ? 'secondary' : 'primary'} onClick={onClose}>
          {IMPORT_LABELS.close}
        </Button>
      </div>
    </div>
  );
}
