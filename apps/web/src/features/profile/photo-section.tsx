import { useId, useState, type ChangeEvent } from 'react';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  PHOTO_MEDIA_TYPES,
  PROFILE_LABELS,
  type Profile,
} from '@crm/shared';
import { Button } from '../../components/ui/button';
import { UserAvatar } from '../../components/ui/user-avatar';
import { ApiError } from '../../lib/api-client';
import { useDeletePhoto, usePutPhoto } from '../../api/profile/profile';
import { useFormOutcome } from './form-outcome';
import { FormOutcome } from './profile-section';

const ACCEPT = PHOTO_MEDIA_TYPES.join(',');
const REFUSALS = new Set([400, 413, 415]);

/**
 * Why a chosen file can't be sent, before sending 2 MB for nothing: its type and size, the
 * server's own limits and messages. The server still decodes it (the name and type of a file
 * prove nothing).
 */
function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PHOTO_MEDIA_TYPES as readonly string[]).includes(file.type)) {
    return ACCOUNT_MESSAGES.photoNotImage;
  }
  if (file.size > ACCOUNT_LIMITS.photoMaxBytes) return ACCOUNT_MESSAGES.photoTooLarge;
  return null;
}

export type PhotoSectionProps = { profile: Profile };

/** "Foto": the current photo (or the initials), "Cambiar foto" and "Quitar foto". */
export function PhotoSection({ profile }: PhotoSectionProps) {
  const inputId = useId();
  const put = usePutPhoto();
  const remove = useDeletePhoto();
  const result = useFormOutcome();
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = put.isPending || remove.isPending;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a refusal must fire a change again.
    event.target.value = '';
    if (!file) return;
    result.clear();
    const problem = photoProblem(file);
    setRefusal(problem);
    if (problem) return;
    put.mutate(file, {
      onSuccess: () => result.succeeded(ACCOUNT_MESSAGES.photoSaved),
      onError: (error) => {
        // The server's refusals (400 not an image or too many pixels, 413, 415) go where the
        // file is chosen, as the browser's own; anything else under the buttons.
        if (error instanceof ApiError && REFUSALS.has(error.status)) setRefusal(error.message);
        else result.failed(error);
      },
    });
  };

  const onRemove = () => {
    result.clear();
    setRefusal(null);
    remove.mutate(undefined, {
      onSuccess: () => result.succeeded(ACCOUNT_MESSAGES.photoRemoved),
      onError: result.failed,
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-5">
      <UserAvatar
        person={profile}
        className="size-24 bg-indigo-100 text-2xl font-semibold text-indigo-700"
      />
      <div className="min-w-0 space-y-2">
        <p className="text-sm text-slate-600">
          {profile.photo ? PROFILE_LABELS.photoHelp : PROFILE_LABELS.noPhoto}
        </p>
        <div className="flex flex-wrap gap-2">
          {/* The file input is the control, named by the label drawn as a button around it. */}
          <label
            className={`inline-flex cursor-pointer items-center rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-slate-700 shadow-xs ring-1 ring-slate-300 ring-inset focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 hover:bg-slate-50 ${busy ? 'pointer-events-none opacity-60' : ''}`}
          >
            <input
              id={inputId}
              type="file"
              accept={ACCEPT}
              onChange={onChoose}
              disabled={busy}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? `${inputId}-error` : undefined}
              className="sr-only"
            />
            {put.isPending ? PROFILE_LABELS.saving : PROFILE_LABELS.changePhoto}
          </label>
          {profile.photo ? (
            <Button variant="ghost" disabled={busy} onClick={onRemove}>
              {PROFILE_LABELS.removePhoto}
            </Button>
          ) : null}
        </div>
        {refusal ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-600">
            {refusal}
          </p>
        ) : null}
        <FormOutcome outcome={result.outcome} />
      </div>
    </div>
  );
}
