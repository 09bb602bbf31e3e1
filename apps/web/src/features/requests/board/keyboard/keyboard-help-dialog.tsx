import type { ReactNode } from 'react';
import { APP_LABELS, BOARD_SCROLL_STEP_PX, KEYBOARD_HELP_LABELS } from '@crm/shared';
import { Dialog } from '../../../../components/ui/dialog';
import { COLUMN_SHORTCUTS, HELP_SHORTCUT } from './use-board-shortcuts';

type Shortcut = { keys: ReactNode; action: string };

/** A key as printed on the keyboard; `spoken` is what a screen reader reads for a symbol. */
function Key({ children, spoken }: { children: string; spoken?: string }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-xs font-semibold text-slate-800 shadow-[0_1px_0_var(--color-slate-300)]">
      {spoken ? (
        <>
          <span aria-hidden>{children}</span>
          <span className="sr-only">{spoken}</span>
        </>
      ) : (
        children
      )}
    </kbd>
  );
}

/** Keys pressed one or the other: "Espacio o Intro". */
function Either({ keys }: { keys: ReactNode[] }) {
  return keys.map((key, index) => (
    <span key={index}>
      {index > 0 ? <span className="px-1 text-slate-600">{KEYBOARD_HELP_LABELS.or}</span> : null}
      {key}
    </span>
  ));
}

const BOARD_KEYS: readonly Shortcut[] = [
  ...COLUMN_SHORTCUTS.map(({ key, title }) => ({
    keys: <Key>{key}</Key>,
    action: KEYBOARD_HELP_LABELS.goToColumn(title),
  })),
  {
    keys: (
      <Either
        keys={[
          <Key spoken={KEYBOARD_HELP_LABELS.spoken.down}>↓</Key>,
          <Key spoken={KEYBOARD_HELP_LABELS.spoken.up}>↑</Key>,
        ]}
      />
    ),
    action: KEYBOARD_HELP_LABELS.scroll(BOARD_SCROLL_STEP_PX),
  },
  {
    keys: (
      <Either
        keys={[
          <Key>{KEYBOARD_HELP_LABELS.keys.tab}</Key>,
          <Key>{KEYBOARD_HELP_LABELS.keys.shiftTab}</Key>,
        ]}
      />
    ),
    action: KEYBOARD_HELP_LABELS.tabThrough,
  },
  {
    keys: <Key spoken={KEYBOARD_HELP_LABELS.spoken.question}>{HELP_SHORTCUT}</Key>,
    action: KEYBOARD_HELP_LABELS.openHelp,
  },
];

const SPACE_OR_ENTER = (
  <Either
    keys={[
      <Key>{KEYBOARD_HELP_LABELS.keys.space}</Key>,
      <Key>{KEYBOARD_HELP_LABELS.keys.enter}</Key>,
    ]}
  />
);

const CARD_KEYS: readonly Shortcut[] = [
  {
    keys: SPACE_OR_ENTER,
    action: KEYBOARD_HELP_LABELS.pickUp,
  },
  {
    keys: (
      <Either
        keys={[
          <Key spoken={KEYBOARD_HELP_LABELS.spoken.right}>→</Key>,
          <Key spoken={KEYBOARD_HELP_LABELS.spoken.left}>←</Key>,
        ]}
      />
    ),
    action: KEYBOARD_HELP_LABELS.carry,
  },
  {
    keys: SPACE_OR_ENTER,
    action: KEYBOARD_HELP_LABELS.drop,
  },
  {
    keys: (
      <Either
        keys={[
          <Key>{KEYBOARD_HELP_LABELS.keys.escape}</Key>,
          <Key>{KEYBOARD_HELP_LABELS.keys.tab}</Key>,
        ]}
      />
    ),
    action: KEYBOARD_HELP_LABELS.cancelMove,
  },
];

const OTHER_KEYS: readonly Shortcut[] = [
  {
    keys: <Key>{KEYBOARD_HELP_LABELS.keys.escape}</Key>,
    action: KEYBOARD_HELP_LABELS.closeDialog,
  },
];

function ShortcutTable({ caption, rows }: { caption: string; rows: readonly Shortcut[] }) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="pb-1.5 text-left text-sm font-semibold text-slate-900">{caption}</caption>
      {/* One width for the keys in every table, so the actions line up. */}
      <colgroup>
        <col className="w-38" />
        <col />
      </colgroup>
      <thead className="sr-only">
        <tr>
          <th scope="col">{KEYBOARD_HELP_LABELS.key}</th>
          <th scope="col">{KEYBOARD_HELP_LABELS.action}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.action}>
            <td className="py-1.5 pr-3 align-top whitespace-nowrap">{row.keys}</td>
            <td className="py-1.5 text-slate-700">{row.action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export type KeyboardHelpDialogProps = { open: boolean; onClose: () => void };

/** "Atajos de teclado": every key of the board, opened with "?" or the toolbar's button. */
export function KeyboardHelpDialog({ open, onClose }: KeyboardHelpDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={KEYBOARD_HELP_LABELS.title}
      closeLabel={APP_LABELS.close}
      textOnly
    >
      <div className="space-y-5 px-5 py-4">
        <div>
          <ShortcutTable caption={KEYBOARD_HELP_LABELS.onBoard} rows={BOARD_KEYS} />
          <p className="mt-1 text-xs text-slate-600">{KEYBOARD_HELP_LABELS.columnKeysNote}</p>
        </div>
        <div>
          <ShortcutTable caption={KEYBOARD_HELP_LABELS.onCard} rows={CARD_KEYS} />
          <p className="mt-1 text-xs text-slate-600">{KEYBOARD_HELP_LABELS.moveToNote}</p>
        </div>
        <ShortcutTable caption={KEYBOARD_HELP_LABELS.everywhere} rows={OTHER_KEYS} />
      </div>
    </Dialog>
  );
}
