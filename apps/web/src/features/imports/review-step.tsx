import {
  columnTitleOf,
  IMPORT_FIELD_LABELS,
  IMPORT_LABELS,
  IMPORT_ROW_RESULT_LABELS,
  IMPORT_ROWS_COLUMNS,
  PRIORITY_LABELS,
  REQUEST_COLUMNS,
  type ImportPlan,
  type ImportReport,
  type ImportSummary,
  formatDateTime,
  formatMoney,
} from '@crm/shared';
import { useStartImport } from '../../api/imports/start-import';
import { useTimeZone } from '../../api/preferences/get-preferences';
import { useSettings } from '../../api/settings/get-settings';
import { Button } from '../../components/ui/button';
import { CELL_CLASS, ImportTable, StepAlert, STEP_ACTIONS_CLASS } from './import-table';
import { useRowsDownload } from './save-file';

export type ReviewStepProps = {
  summary: ImportSummary;
  plan: ImportPlan;
  report: ImportReport;
  onBack: () => void;
  onStarted: (summary: ImportSummary) => void;
};

/** The preview's columns: the request as it will be stored, and what the plan makes of it. */
const PREVIEW_HEADERS = [
  IMPORT_LABELS.rowHeader,
  IMPORT_FIELD_LABELS.name,
  IMPORT_FIELD_LABELS.email,
  IMPORT_FIELD_LABELS.company,
  IMPORT_FIELD_LABELS.status,
  IMPORT_FIELD_LABELS.priority,
  // The executive by name, as the board shows them (the file names them by email).
  REQUEST_COLUMNS.find((column) => column.key === 'vendorName')?.header ?? '',
  IMPORT_FIELD_LABELS.createdAt,
  IMPORT_FIELD_LABELS.expectedValue,
  IMPORT_ROWS_COLUMNS.result,
];

const ERROR_HEADERS = [
  IMPORT_LABELS.rowHeader,
  IMPORT_LABELS.fieldHeader,
  IMPORT_LABELS.valueHeader,
  IMPORT_LABELS.messageHeader,
];

/**
 * Step 3, "Revisión": what the import would do (counts, duplicates), its first rows as they will
 * be stored, the errors by row and field (all of them in the rejected rows' CSV), then
 * "Importar N solicitudes" (the rows it creates or updates) to start it.
 */
export function ReviewStep({ summary, plan, report, onBack, onStarted }: ReviewStepProps) {
  const start = useStartImport();
  const rejected = useRowsDownload(summary._id, summary.fileName);
  const count = report.willCreate + report.willUpdate;
  const timeZone = useTimeZone();
  const currency = useSettings().data?.currency;

  return (
    <div className="space-y-4">
      <div className="space-y-1 text-sm text-slate-700">
        <p>{IMPORT_LABELS.summary(report)}</p>
        <p>{IMPORT_LABELS.duplicatesFound(report.duplicatesInFile, report.duplicatesExisting)}</p>
      </div>
      {report.preview.length > 0 ? (
        <ImportTable title={IMPORT_LABELS.preview} headers={PREVIEW_HEADERS}>
          {report.preview.map(({ row, request, result }) => (
            <tr key={row}>
              <td className={CELL_CLASS}>{row}</td>
              <td className={CELL_CLASS}>{request.name}</td>
              <td className={CELL_CLASS}>{request.email}</td>
              <td className={CELL_CLASS}>{request.company}</td>
              <td className={CELL_CLASS}>{columnTitleOf(request.status)}</td>
              <td className={CELL_CLASS}>{PRIORITY_LABELS[request.priority]}</td>
              <td className={CELL_CLASS}>{request.vendorName ?? ''}</td>
              <td className={CELL_CLASS}>
                {request.createdAt
                  ? formatDateTime(request.createdAt, timeZone)
                  : IMPORT_LABELS.importedNow}
              </td>
              <td className={`${CELL_CLASS} text-right tabular-nums`}>
                {request.expectedValue === null || request.expectedValue === undefined
                  ? ''
                  : formatMoney(request.expectedValue, currency)}
              </td>
              <td className={CELL_CLASS}>{IMPORT_ROW_RESULT_LABELS[result]}</td>
            </tr>
          ))}
        </ImportTable>
      ) : null}
      {report.errorsTotal > 0 ? (
        <div className="space-y-2">
          <ImportTable
            title={IMPORT_LABELS.errorsTitle(report.rejected, report.errorsTotal)}
            headers={ERROR_HEADERS}
          >
            {report.errors.map((error, at) => (
              <tr key={`${error.row}-${error.field}-${at}`}>
                <td className={CELL_CLASS}>{error.row}</td>
                <td className={CELL_CLASS}>{IMPORT_FIELD_LABELS[error.field]}</td>
                <td className={`${CELL_CLASS} max-w-48 truncate`}>{error.value}</td>
                <td className={`${CELL_CLASS} whitespace-normal`}>{error.message}</td>
              </tr>
            ))}
          </ImportTable>
          <Button
            variant="secondary"
            disabled={rejected.pending}
            onClick={() => rejected.download('rejected')}
          >
            {IMPORT_LABELS.downloadRejected}
          </Button>
          <StepAlert message={rejected.error} />
        </div>
      ) : null}
      <StepAlert message={start.error?.message} />
      <div className={STEP_ACTIONS_CLASS}>
        <Button variant="secondary" onClick={onBack}>
          {IMPORT_LABELS.back}
        </Button>
        <Button
          disabled={count === 0 || start.isPending}
          onClick={() => start.mutate({ id: summary._id, plan }, { onSuccess: onStarted })}
        >
          {IMPORT_LABELS.start(count)}
        </Button>
      </div>
    </div>
  );
}
