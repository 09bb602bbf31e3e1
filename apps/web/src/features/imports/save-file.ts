import { useState } from 'react';
import { importRowsFileName } from '@crm/shared';
import { downloadImportRows } from '../../api/imports/import-rows';

/** Saves bytes as a file: an object URL behind a link with `download`, clicked once. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Descargar filas rechazadas (CSV)" and "Descargar el resultado por fila (CSV)": the rows' CSV
 * fetched with the session's token, then saved under the server's name (or the same name made
 * here when its header is not readable). `error` says when it failed.
 */
export function useRowsDownload(id: string, fileName: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (rows: 'rejected' | 'all') => {
    setPending(true);
    setError(null);
    try {
      const file = await downloadImportRows(id, rows);
      saveFile(file.blob, file.fileName ?? importRowsFileName(fileName, rows));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return { download: (rows: 'rejected' | 'all') => void download(rows), pending, error };
}
