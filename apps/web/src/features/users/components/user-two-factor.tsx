import { useState } from 'react';
import { TWO_FACTOR_LOGIN_LABELS, TWO_FACTOR_ADMIN_LABELS } from '@crm/shared';
import { useResetUserTwoFactor, useUserTwoFactor } from '../../../api/two-factor/user-two-factor';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * Edit User's second factor (issue 32): whether the user has one, and a system admin's reset for
 * a user who lost their phone and their recovery codes (their sessions end; they get a mail).
 */
export function UserTwoFactor({ userId }: { userId: string }) {
  const status = useUserTwoFactor(userId);
  const reset = useResetUserTwoFactor();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  if (!status.data) return null;
  return (
    <div className="space-y-2 rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">{TWO_FACTOR_LOGIN_LABELS.heading}</p>
      {done ? (
        <p role="status" className="text-green-700">
          {done}
        </p>
      ) : (
        <p className="text-slate-600">
          {status.data.enabled
            ? TWO_FACTOR_ADMIN_LABELS.userHas
            : TWO_FACTOR_ADMIN_LABELS.userHasNot}
        </p>
      )}
      {status.data.enabled ? (
        <Button variant="secondary" disabled={reset.isPending} onClick={() => setConfirming(true)}>
          {TWO_FACTOR_ADMIN_LABELS.resetAction}
        </Button>
      ) : null}
      {failed ? (
        <p role="alert" className="text-red-700">
          {failed}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        message={TWO_FACTOR_ADMIN_LABELS.resetConfirm}
        confirmLabel={TWO_FACTOR_ADMIN_LABELS.resetAction}
        cancelLabel={TWO_FACTOR_ADMIN_LABELS.cancel}
        placement="center"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setFailed(null);
          reset.mutate(userId, {
            onSuccess: ({ message }) => setDone(message),
            onError: (error) => setFailed(error.message),
          });
        }}
      />
    </div>
  );
}
