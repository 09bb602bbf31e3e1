import { useRef } from 'react';
import {
  MAX_FILE_BYTES,
  REQUEST_FILE_LABELS,
  REQUEST_FILE_MESSAGES,
  type RequestFile,
} from '@crm/shared';
import { useUploadFile } from '../../../api/files/request-files';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/**
 * A hidden file input and the upload of what is chosen in it, to the request's "Archivos": one
 * way to pick and upload, for the section and the composer's "Subir y adjuntar". A file over
 * 15 MB is refused here in the API's words, before its bytes travel.
 */
export function useFilePicker(requestId: string, onUploaded: (file: RequestFile) => void) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile(requestId);
  const send = (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      notify.error(REQUEST_FILE_MESSAGES.tooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: (stored) => {
        notify.success(REQUEST_FILE_LABELS.uploaded(stored.name));
        onUploaded(stored);
      },
      onError: (error) =>
        notify.error(
          error instanceof ApiError && error.status !== 0 && error.message
            ? error.message
            : REQUEST_FILE_LABELS.uploadFailed,
        ),
    });
  };
  return {
    uploading: upload.isPending,
    choose: () => input.current?.click(),
    input: (
      <input
        ref={input}
        type="file"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared: the same file can be chosen again.
          event.target.value = '';
          if (file) send(file);
        }}
      />
    ),
  };
}
