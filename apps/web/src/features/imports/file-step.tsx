import { useId, useState } from 'react';
import {
  IMPORT_FILE_ACCEPT,
  IMPORT_LABELS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportSummary,
} from '@crm/shared';
import { useUploadImport } from '../../api/imports/upload-import';
import { inputClass } from '../../components/ui/form-field';
import { StepAlert } from './import-table';

export type FileStepProps = { onUploaded: (summary: ImportSummary) => void };

/**
 * Step 1, "Archivo": a CSV or XLSX, uploaded as soon as it is chosen. A file over the limit is
 * refused here, before a byte is sent; the API's refusal (not a spreadsheet, empty, header only,
 * too many rows…) is shown as it says it.
 */
export function FileStep({ onUploaded }: FileStepProps) {
  const id = useId();
  const upload = useUploadImport();
  const [error, setError] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {IMPORT_LABELS.pickFile}
      </label>
      <input
        id={id}
        type="file"
        accept={IMPORT_FILE_ACCEPT}
        disabled={upload.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          // The same file can be chosen again (after fixing it on disk).
          event.target.value = '';
        }}
        className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-indigo-700`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {IMPORT_LABELS.fileHint}
      </p>
      <p role="status" className="text-sm text-slate-600 empty:hidden">
        {upload.isPending ? IMPORT_LABELS.uploading : ''}
      </p>
      <StepAlert id={`${id}-error`} message={error} />
    </div>
  );
}
