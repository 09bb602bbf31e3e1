import { useId } from 'react';
import { Paperclip } from 'lucide-react';
import { MAX_MAIL_ATTACHMENTS, REQUEST_FILE_LABELS, fileSizeText } from '@crm/shared';
import { useRequestFiles } from '../../../api/files/request-files';
import { Button } from '../../../components/ui/button';
import { useFilePicker } from '../files';

export type AttachmentsPickerProps = {
  requestId: string;
  chosen: readonly string[];
  onChange: (attachments: string[]) => void;
};

/**
 * The composer's "Adjuntar archivos": the request's files to tick, and "Subir y adjuntar", which
 * uploads a file to "Archivos" and ticks it. The API checks the rest (the request's own files,
 * 15 MB together).
 */
export function AttachmentsPicker({ requestId, chosen, onChange }: AttachmentsPickerProps) {
  const files = useRequestFiles(requestId);
  const hintId = useId();
  const picker = useFilePicker(requestId, (file) => onChange([...chosen, file._id]));
  const items = files.data?.pages.flatMap((page) => page.items) ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((chosenId) => chosenId !== id));
  const full = chosen.length >= MAX_MAIL_ATTACHMENTS;
  return (
    <fieldset aria-describedby={hintId} className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">{REQUEST_FILE_LABELS.attach}</legend>
      <p id={hintId} className="text-xs text-slate-600">
        {REQUEST_FILE_LABELS.attachHint}
      </p>
      {items.length > 0 ? (
        <ul className="max-h-32 space-y-1 overflow-y-auto">
          {items.map((file) => {
            const on = chosen.includes(file._id);
            return (
              <li key={file._id}>
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && full}
                    onChange={(event) => toggle(file._id, event.target.checked)}
                  />
                  <span className="min-w-0 break-all">{file.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">{fileSizeText(file.size)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      {picker.input}
      <Button
        variant="secondary"
        className="gap-1 py-1 text-xs"
        disabled={picker.uploading || full}
        aria-busy={picker.uploading}
        onClick={picker.choose}
      >
        <Paperclip className="size-3.5" aria-hidden />
        {picker.uploading ? REQUEST_FILE_LABELS.uploading : REQUEST_FILE_LABELS.attachUpload}
      </Button>
    </fieldset>
  );
}
