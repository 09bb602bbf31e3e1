import { importsApi, IMPORT_LABELS } from '@crm/shared';
import { downloadEndpoint } from '../requests/export-requests';

/**
 * GET /api/imports/:id/rows?rows=rejected|all: the file's rejected rows with their errors, or
 * every row with what became of it, as a CSV file (read whole, then saved by the caller).
 */
export const downloadImportRows = (id: string, rows: 'rejected' | 'all') =>
  downloadEndpoint(
    importsApi.rows,
    { params: { id }, query: { rows } },
    { failureMessage: IMPORT_LABELS.downloadFailed },
  );
