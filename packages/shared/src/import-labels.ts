import { formatNumber } from './format.js';
import { importedHistoryText } from './request-history.js';
import {
  IMPORT_LIMITS,
  IMPORT_OPEN_LABEL,
  type DuplicatePolicy,
  type ImportRowResult,
} from './request-import.js';

/*
 * Issue 24's "Importar" dialog in words: a module of its own, read only by the dialog (a lazy
 * chunk of the web app) and the API, so none of it rides in the board's first visit (the
 * contract's request-import.ts is in every signed-in page, through `api`).
 */

/** What the mapping step offers for an email already on a request. */
export const DUPLICATE_POLICY_LABELS: Record<DuplicatePolicy, string> = {
  skip: 'Omitir la fila',
  update: 'Actualizar la solicitud existente',
  create: 'Crear otra solicitud igualmente',
};

/** One row's fate, as the report and the rows' CSV say it. */
export const IMPORT_ROW_RESULT_LABELS: Record<ImportRowResult, string> = {
  created: 'Creada',
  updated: 'Actualizada',
  skipped: 'Omitida (duplicada)',
  rejected: 'Rechazada',
};

type RowCounts = { created: number; updated: number; skipped: number; rejected: number };
const countsText = (counts: RowCounts) =>
  `${formatNumber(counts.created)} creadas, ${formatNumber(counts.updated)} actualizadas, ${formatNumber(counts.skipped)} omitidas, ${formatNumber(counts.rejected)} rechazadas`;

/** What the dialog says (the board's "Importar"). */
export const IMPORT_LABELS = {
  open: IMPORT_OPEN_LABEL,
  title: 'Importar solicitudes',
  steps: ['Archivo', 'Columnas', 'Revisión', 'Importación'] as const,
  pickFile: 'Elegir archivo CSV o XLSX',
  fileHint: `CSV (UTF-8 o Windows-1252, separado por comas o punto y coma) o XLSX, hasta ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB y ${formatNumber(IMPORT_LIMITS.maxRows)} filas`,
  uploading: 'Subiendo…',
  columnHeader: 'Columna del archivo',
  /** A column whose header cell is empty, by its position (1, 2…). */
  unnamedColumn: (position: number) => `Columna ${position}`,
  sampleHeader: 'Ejemplo',
  targetHeader: 'Campo de la solicitud',
  ignoreColumn: 'No importar',
  duplicates: 'Si el correo ya existe',
  check: 'Revisar',
  checking: 'Revisando…',
  back: 'Atrás',
  preview: 'Así se guardarán las primeras filas',
  errors: 'Filas con errores',
  /**
   * The errors table's title (issue 33): its count is of rows, as the summary's "N con errores",
   * and a row can fail on several fields, so the errors' own count follows when it differs.
   */
  errorsTitle: (rows: number, errors: number) =>
    rows === errors
      ? `Filas con errores (${formatNumber(rows)})`
      : `Filas con errores (${formatNumber(rows)}) · ${formatNumber(errors)} errores`,
  rowHeader: 'Fila',
  fieldHeader: 'Campo',
  valueHeader: 'Valor',
  messageHeader: 'Error',
  downloadRejected: 'Descargar filas rechazadas (CSV)',
  downloadReport: 'Descargar el resultado por fila (CSV)',
  start: (count: number) =>
    count === 1 ? 'Importar 1 solicitud' : `Importar ${formatNumber(count)} solicitudes`,
  progress: (processed: number, total: number) =>
    `${formatNumber(processed)} de ${formatNumber(total)} filas`,
  runsInBackground:
    'Puedes cerrar esta ventana: la importación sigue y la verás al volver a «Importar».',
  cancel: 'Detener la importación',
  close: 'Cerrar',
  newImport: 'Importar otro archivo',
  summary: (counts: { rows: number; valid: number; rejected: number }) =>
    `${formatNumber(counts.rows)} filas: ${formatNumber(counts.valid)} válidas, ${formatNumber(counts.rejected)} con errores`,
  duplicatesFound: (inFile: number, existing: number) =>
    `${formatNumber(existing)} con un correo que ya existe, ${formatNumber(inFile)} repetidas en el archivo`,
  /** What the job did so far (the progress step, while it runs). */
  counts: (counts: RowCounts) => countsText(counts),
  done: (counts: RowCounts) => `Importación terminada: ${countsText(counts)}`,
  cancelled: 'Importación detenida: las filas ya importadas se quedan',
  failed: 'La importación se detuvo por un error',
  /** A CSV of rows (rejected, or all with their result) that could not be fetched. */
  downloadFailed: 'No se pudo descargar el archivo. Inténtalo de nuevo.',
  /** The preview's creation date when the row has none: the moment it is imported. */
  importedNow: 'Al importar',
  /** The history's entry of a request created (or updated) by an import. */
  historyImported: importedHistoryText,
} as const;
