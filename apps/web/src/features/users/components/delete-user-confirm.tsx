import { useRef } from 'react';
import {
  DELETE_USER_CONFIRM_OPTIONS,
  EDIT_USER_LABELS,
  USER_MESSAGES,
  type User,
} from '@crm/shared';
import { AlertDialog } from '../../../components/ui/dialog-panels';
import { fullName } from '../../../lib/format';
import { EN } from '../../../lib/lang';

export type DeleteUserConfirmProps = {
  /** The user about to be deleted; null while no confirmation is open. */
  user: User | null;
  onConfirm: (user: User) => void;
  onCancel: () => void;
  /** Once the pop-up is on screen, with its panel: lets the page keep the user's row clear of it. */
  onShown?: (panel: HTMLElement) => void;
};

/** §9's place for it, as a class (a change of the constant fails the type check here). */
const PLACEMENT: Record<typeof DELETE_USER_CONFIRM_OPTIONS.position, string> = {
  'top-center': 'inset-x-4 top-4 mx-auto',
};

/**
 * The delete-user pop-up of §2/§9: "Are you sure you want to delete this user?", then who (name
 * and email), "Yes" and "Cancel". Top centre, never closes by itself: only its buttons or Escape
 * (= Cancel). The spec's words are English (lang="en"); the name and email are the user's own.
 */
export function DeleteUserConfirm({ user, onConfirm, onCancel, onShown }: DeleteUserConfirmProps) {
  // Opened from the row's button, not a Radix trigger: the focus goes back to it by hand.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={user !== null} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/20" />
        <AlertDialog.Content
          onOpenAutoFocus={(event) => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement ? active : null;
            if (event.currentTarget instanceof HTMLElement) onShown?.(event.currentTarget);
          }}
          onCloseAutoFocus={(event) => {
            // After "Yes" the row and its button are gone: the page keeps the focus then.
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
            opener.current = null;
          }}
          className={`fixed z-50 ${PLACEMENT[DELETE_USER_CONFIRM_OPTIONS.position]} max-w-sm rounded-xl bg-white p-5 shadow-xl ring-1 ring-slate-200`}
        >
          <AlertDialog.Title {...EN} className="text-sm font-semibold text-slate-900">
            {USER_MESSAGES.deleteConfirm}
          </AlertDialog.Title>
          {user ? (
            <AlertDialog.Description className="mt-2 text-sm text-slate-700">
              <span className="block font-medium text-slate-900">{fullName(user)}</span>
              <span className="block break-all">{user.email}</span>
            </AlertDialog.Description>
          ) : null}
          <div className="mt-4 flex justify-end gap-2" {...EN}>
            <AlertDialog.Cancel className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
              {EDIT_USER_LABELS.cancel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={() => {
                if (user) onConfirm(user);
              }}
              className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-500"
            >
              {EDIT_USER_LABELS.confirmDelete}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
