import { useRef, useState } from 'react';
import { Download, Trash2, Upload } from 'lucide-react';
import {
  HISTORY_LABELS,
  REQUEST_FILE_LABELS,
  fileSizeText,
  formatDateTime,
  type RequestFile,
} from '@crm/shared';
import { fileLink, useRemoveFile, useRequestFiles } from '../../../api/files/request-files';
import { useTimeZone } from '../../../api/preferences/get-preferences';
import { Button, IconButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { hasFailed, LoadError } from '../../../components/ui/load-error';
import { LoadingText } from '../../../components/ui/status-text';
import { followDownload } from '../../../lib/follow-download';
import { notify } from '../../../lib/notify';
import { CollapsibleSection } from '../shared';
import { useFilePicker } from './use-file-picker';

export type FilesSectionProps = {
  requestId: string;
  defaultOpen?: boolean;
};

/** Where a file came from: the customer's mail, or who uploaded it. */
const originOf = (file: RequestFile) =>
  file.source === 'mail'
    ? REQUEST_FILE_LABELS.fromMail(file.sender ?? '')
    : REQUEST_FILE_LABELS.uploadedBy(file.byName ?? HISTORY_LABELS.deletedUser);

/** Downloads one file of the request: its one-time address, followed by the browser itself. */
export async function downloadFile(requestId: string, fileId: string) {
  try {
    followDownload(await fileLink(requestId, fileId));
  } catch {
    notify.error(REQUEST_FILE_LABELS.downloadFailed);
  }
}

/**
 * "Archivos" (issue 35): the request's files, newest first, a page at a time: what the customer
 * attached to their mails and what staff uploaded (quotes, contracts), each downloaded as a file
 * (never opened in the app). A file sent or received with a mail is part of the thread and stays;
 * any other can be deleted, after a confirmation.
 */
export function FilesSection({ requestId, defaultOpen = false }: FilesSectionProps) {
  const files = useRequestFiles(requestId);
  const remove = useRemoveFile(requestId);
  const timeZone = useTimeZone();
  const [open, setOpen] = useState(defaultOpen);
  const [deleting, setDeleting] = useState<RequestFile | null>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const picker = useFilePicker(requestId, () => setOpen(true));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => notify.success(REQUEST_FILE_LABELS.removed),
      onError: () => notify.error(REQUEST_FILE_LABELS.removeFailed),
    });
    setDeleting(null);
  };

  const items = files.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <CollapsibleSection
      title={REQUEST_FILE_LABELS.section}
      open={open}
      onOpenChange={setOpen}
      actions={
        <IconButton
          ref={uploadButton}
          label={picker.uploading ? REQUEST_FILE_LABELS.uploading : REQUEST_FILE_LABELS.upload}
          disabled={picker.uploading}
          aria-busy={picker.uploading}
          onClick={picker.choose}
        >
          <Upload className="size-4" aria-hidden />
        </IconButton>
      }
    >
      {picker.input}
      {hasFailed(files) ? (
        <LoadError
          message={REQUEST_FILE_LABELS.loadFailed}
          onRetry={() => void files.refetch()}
          retrying={files.isFetching}
        />
      ) : files.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{REQUEST_FILE_LABELS.empty}</p>
      ) : (
        <ul aria-label={REQUEST_FILE_LABELS.section} className="space-y-1">
          {items.map((file) => (
            <li
              key={file._id}
              className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ring-1 ring-slate-200"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium break-all text-slate-900">{file.name}</p>
                <p className="text-xs text-slate-600">
                  {fileSizeText(file.size)} · {originOf(file)} ·{' '}
                  <time dateTime={file.at}>{formatDateTime(file.at, timeZone)}</time>
                  {file.source === 'upload' && file.mailed
                    ? ` · ${REQUEST_FILE_LABELS.mailed}`
                    : ''}
                </p>
              </div>
              <IconButton
                label={REQUEST_FILE_LABELS.download(file.name)}
                onClick={() => void downloadFile(requestId, file._id)}
              >
                <Download className="size-4" aria-hidden />
              </IconButton>
              {file.mailed ? null : (
                <IconButton
                  label={REQUEST_FILE_LABELS.remove(file.name)}
                  disabled={remove.isPending}
                  onClick={() => setDeleting(file)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {files.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-2 py-1 text-xs"
          disabled={files.isFetchingNextPage}
          onClick={() => void files.fetchNextPage()}
        >
          {REQUEST_FILE_LABELS.more}
        </Button>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? REQUEST_FILE_LABELS.confirmRemove(deleting.name) : ''}
        confirmLabel={REQUEST_FILE_LABELS.removeButton}
        cancelLabel={REQUEST_FILE_LABELS.keep}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        placement="center"
      />
    </CollapsibleSection>
  );
}
