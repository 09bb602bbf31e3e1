import type { ReactNode } from 'react';
import { BOARD_SCROLL_STEP_PX } from '@crm/shared';
import { Dialog } from '../../../../components/ui/dialog';
import { COLUMN_SHORTCUTS, HELP_SHORTCUT } from './use-board-shortcuts';

const KEYBOARD_HELP_TITLE = 'Atajos de teclado';

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
      {index > 0 ? <span className="px-1 text-slate-600">o</span> : null}
      {key}
    </span>
  ));
}

const BOARD_KEYS: readonly Shortcut[] = [
  ...COLUMN_SHORTCUTS.map(({ key, title }) => ({
    keys: <Key>{key}</Key>,
    action: `Ir a la columna ${title}`,
  })),
  {
    keys: (
      <Either keys={[<Key spoken="Flecha abajo">↓</Key>, <Key spoken="Flecha arriba">↑</Key>]} />
    ),
    action: `Desplazar el tablero hacia abajo o hacia arriba (${BOARD_SCROLL_STEP_PX} px)`,
  },
  {
    keys: <Either keys={[<Key>Tab</Key>, <Key>Mayús+Tab</Key>]} />,
    action: 'Pasar a la tarjeta o al botón siguiente o anterior',
  },
  { keys: <Key spoken="Signo de interrogación">{HELP_SHORTCUT}</Key>, action: 'Abrir esta ayuda' },
];

const CARD_KEYS: readonly Shortcut[] = [
  {
    keys: <Either keys={[<Key>Espacio</Key>, <Key>Intro</Key>]} />,
    action: 'Tomar la tarjeta para moverla de columna',
  },
  {
    keys: (
      <Either
        keys={[<Key spoken="Flecha derecha">→</Key>, <Key spoken="Flecha izquierda">←</Key>]}
      />
    ),
    action: 'Llevarla a la columna de al lado',
  },
  {
    keys: <Either keys={[<Key>Espacio</Key>, <Key>Intro</Key>]} />,
    action: 'Soltarla en esa columna',
  },
  {
    keys: <Either keys={[<Key>Escape</Key>, <Key>Tab</Key>]} />,
    action: 'Cancelar el movimiento (la tarjeta vuelve a su columna)',
  },
];

const OTHER_KEYS: readonly Shortcut[] = [
  {
    keys: <Key>Escape</Key>,
    action: 'Cerrar un diálogo o cancelar la confirmación de borrado de una tarjeta',
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
          <th scope="col">Tecla</th>
          <th scope="col">Qué hace</th>
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
      title={KEYBOARD_HELP_TITLE}
      closeLabel="Cerrar"
      textOnly
    >
      <div className="space-y-5 px-5 py-4">
        <div>
          <ShortcutTable caption="En el tablero" rows={BOARD_KEYS} />
          <p className="mt-1 text-xs text-slate-600">
            Con 1 a 5, el foco va a la primera tarjeta a la vista de esa columna (a la columna si no
            tiene tarjetas).
          </p>
        </div>
        <div>
          <ShortcutTable caption="En una tarjeta con el foco" rows={CARD_KEYS} />
          <p className="mt-1 text-xs text-slate-600">
            También puedes mover una tarjeta con su botón «Mover a…».
          </p>
        </div>
        <ShortcutTable caption="En todo el producto" rows={OTHER_KEYS} />
      </div>
    </Dialog>
  );
}
