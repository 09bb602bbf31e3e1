import { useState } from 'react';
import { ACCOUNT_MESSAGES, ACCOUNT_LABELS } from '@crm/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextInput } from '../../../components/ui/form-field';

/**
 * An invitation's link when the server sends no email (issue 23): shown this once, to copy and
 * pass on. `link` null: closed.
 */
export function InvitationLinkDialog({
  link,
  onClose,
}: {
  link: string | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={ACCOUNT_LABELS.invitationLinkTitle}
      closeLabel={ACCOUNT_LABELS.close}
    >
      <div className="space-y-4 p-5">
        <p className="text-sm text-slate-700">{ACCOUNT_MESSAGES.invitationLinkOnce}</p>
        <TextInput
          readOnly
          value={link ?? ''}
          aria-label={ACCOUNT_LABELS.invitationLinkTitle}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {ACCOUNT_LABELS.close}
          </Button>
          <Button
            onClick={() => {
              if (!link) return;
              void navigator.clipboard.writeText(link).then(() => setCopied(true));
            }}
          >
            {copied ? ACCOUNT_LABELS.linkCopied : ACCOUNT_LABELS.copyLink}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
