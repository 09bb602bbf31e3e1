import { useState } from 'react';
import { Bookmark } from 'lucide-react';
import { BOARD_VIEW_LABELS } from '@crm/shared';
import { Dialog } from '../../../../components/ui/dialog';
import { SavedViewsPanel, type SavedViewsPanelProps } from './saved-views-panel';

export type SavedViewsMenuProps = Omit<SavedViewsPanelProps, 'className'>;

/**
 * "Vistas guardadas" (issue 25), a desktop's: the caller's named searches and filters in a
 * dialog. Picking one puts it on the board, in the URL as any filter, so a link to it keeps
 * working, and closes the dialog. (A phone has them in its "Filtros" sheet.)
 */
export function SavedViewsMenu({ filters, onPick }: SavedViewsMenuProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Bookmark className="size-4" aria-hidden />
        {BOARD_VIEW_LABELS.menu}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={BOARD_VIEW_LABELS.menu}
        closeLabel={BOARD_VIEW_LABELS.cancel}
      >
        {/* Mounted while open: each opening starts with no rename nor error showing. */}
        <SavedViewsPanel
          filters={filters}
          className="space-y-4 px-5 py-4"
          onPick={(view) => {
            onPick(view);
            setOpen(false);
          }}
        />
      </Dialog>
    </>
  );
}
