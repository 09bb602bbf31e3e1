import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { toast } from 'react-toastify';
import {
  BOARD_COLUMNS,
  BULK_LABELS,
  BULK_MESSAGES,
  NOTICE_OPTIONS,
  PRIORITIES,
  type BulkActionBody,
  type Request,
  type User,
  BULK_BAR_LABELS,
  APP_LABELS,
} from '@crm/shared';
import { applyBulkResult, bulkRequests } from '../../../../api/requests/bulk-requests';
import { readRecord } from '../../../../api/requests/request-records';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { fullName } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { cardLabel } from '../../card';
import { askOutcome } from '../../outcome';
import { PRIORITY_OPTIONS } from '../../shared';
import { useBoardSelection, useSelectionFact } from './selection';

/** The list of those that could not change stays longer than a plain notice: it has to be read. */
const FAILED_NOTICE_MS = 15_000;

const SELECT_CLASS =
  'rounded-md bg-white px-2 py-1.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 ring-inset disabled:opacity-60 max-md:min-h-11';
const BUTTON_CLASS =
  'rounded-md px-2 py-1.5 text-xs font-medium ring-1 ring-inset disabled:opacity-60 max-md:min-h-11';

type PickAction = Exclude<BulkActionBody['action'], 'delete'>;

/**
 * Issue 24: the bar under the board while cards are selected: "N seleccionadas", move, priority,
 * and for system admins assign and delete, "Quitar selección" (or Escape). Left-aligned, so the
 * notices at the bottom right never cover it. A lazy chunk: the board loads it on the first pick.
 */
export function BulkBar({ isAdmin, users }: { isAdmin: boolean; users: readonly User[] }) {
  const selection = useBoardSelection();
  const count = useSelectionFact((ids) => ids.size);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Escape closes a dialog or cancels a drag first; only then does it drop the selection.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [data-dragging]')) return;
      selection.clear();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selection]);

  /** The selected requests as the board shows them now (their `from`). */
  const selected = () =>
    [...selection.ids()]
      .map((id) => readRecord(queryClient, id))
      .filter((request): request is Request => request !== undefined);

  async function run(body: BulkActionBody, shown: readonly Request[]) {
    setBusy(true);
    try {
      const result = await bulkRequests(body);
      await applyBulkResult(queryClient, body, result);
      // Those already as asked (moved where they were) were not changed, and are not counted.
      const changed = result.changed.length;
      notify.success(
        body.action === 'delete' ? BULK_MESSAGES.deleted(changed) : BULK_MESSAGES.done(changed),
      );
      if (result.failed.length > 0) {
        const labelOf = new Map(shown.map((request) => [request._id, cardLabel(request)]));
        toast.error(
          <FailedList
            title={BULK_MESSAGES.someFailed(result.failed.length)}
            lines={result.failed.map(({ id, message }) => `${labelOf.get(id) ?? id}: ${message}`)}
          />,
          { ...NOTICE_OPTIONS, autoClose: FAILED_NOTICE_MS },
        );
      }
      // Those that could not change stay selected, to try again.
      selection.keep(result.failed.map((failure) => failure.id));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  async function pick(action: PickAction, value: string) {
    const shown = selected();
    if (shown.length === 0 || !value) return;
    if (action === 'move') {
      const to = BOARD_COLUMNS.find((column) => column.status === value)?.status;
      if (!to) return;
      // The closing question once for all of them, named by their count.
      const first = shown[0]!;
      const outcome =
        to === 'closed' ? await askOutcome({ ...first, name: BULK_LABELS.selected(count) }) : null;
      if (outcome === null && to === 'closed') return;
      const items = shown.map((request) => ({ id: request._id, from: request.status }));
      await run({ action, to, items, ...(outcome ? { outcome } : {}) }, shown);
    } else if (action === 'priority') {
      const priority = PRIORITIES.find((candidate) => candidate === value);
      if (!priority) return;
      const items = shown.map((request) => ({ id: request._id, from: request.priority }));
      await run({ action, priority, items }, shown);
    } else {
      const items = shown.map((request) => ({ id: request._id }));
      await run({ action, vendorId: value === 'none' ? null : value, items }, shown);
    }
  }

  const remove = () => {
    setConfirming(false);
    const shown = selected();
    void run({ action: 'delete', items: shown.map((request) => ({ id: request._id })) }, shown);
  };

  return (
    <div
      role="toolbar"
      aria-label={BULK_BAR_LABELS.bar}
      aria-busy={busy}
      className="flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white px-3 py-2 shadow-[0_-2px_6px_rgb(0_0_0/0.06)] md:px-5 md:pr-[21.5rem]"
    >
      <span role="status" className="text-xs font-semibold text-indigo-900 tabular-nums">
        {BULK_LABELS.selected(count)}
      </span>
      <ActionSelect
        label={BULK_LABELS.move}
        width="w-32"
        disabled={busy}
        onPick={(v) => pick('move', v)}
      >
        {BOARD_COLUMNS.map((column) => (
          <option key={column.status} value={column.status}>
            {column.title}
          </option>
        ))}
      </ActionSelect>
      <ActionSelect
        label={BULK_LABELS.priority}
        disabled={busy}
        onPick={(v) => pick('priority', v)}
      >
        {PRIORITY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </ActionSelect>
      {isAdmin ? (
        <>
          <ActionSelect
            label={BULK_LABELS.assign}
            width="w-40"
            disabled={busy}
            onPick={(v) => pick('assign', v)}
          >
            <option value="none">{APP_LABELS.noVendor}</option>
            {users.map((user) => (
              <option key={user._id} value={user._id}>
                {fullName(user)}
              </option>
            ))}
          </ActionSelect>
          <button
            type="button"
            disabled={busy}
            onClick={() => setConfirming(true)}
            className={`${BUTTON_CLASS} text-red-700 ring-red-300 hover:bg-red-50`}
          >
            {BULK_LABELS.delete}
          </button>
        </>
      ) : null}
      <button
        type="button"
        onClick={selection.clear}
        title={BULK_LABELS.clear}
        aria-keyshortcuts="Escape"
        className={`${BUTTON_CLASS} text-slate-600 ring-slate-300 hover:bg-slate-100 max-md:min-w-11`}
      >
        <X className="mx-auto size-4" aria-hidden />
        <span className="sr-only">{BULK_LABELS.clear}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        message={BULK_MESSAGES.confirmDelete(count)}
        confirmLabel={BULK_LABELS.delete}
        cancelLabel={BULK_BAR_LABELS.cancel}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** A menu of one action as a native select: its first option names it, picking one acts. */
function ActionSelect({
  label,
  width = '',
  disabled,
  onPick,
  children,
}: {
  label: string;
  /** A fixed width where an option is much longer than the name (the bar stays one line). */
  width?: string;
  disabled: boolean;
  onPick: (value: string) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <select
      aria-label={label}
      value=""
      disabled={disabled}
      onChange={(event) => void onPick(event.target.value)}
      className={`${SELECT_CLASS} ${width}`}
    >
      <option value="" disabled>
        {label}
      </option>
      {children}
    </select>
  );
}

function FailedList({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <div className="text-sm">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-4">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
