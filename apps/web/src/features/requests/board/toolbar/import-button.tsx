import { lazy, Suspense, useCallback, useState } from 'react';
import { Upload } from 'lucide-react';
import { IMPORT_OPEN_LABEL } from '@crm/shared';

// Issue 24's "Importar" dialog (a system admin's, and rare): a chunk of its own, loaded on the
// first click (apps/web/scripts/check-budgets.mjs, LAZY_PARTS).
const ImportDialog = lazy(() =>
  import('../../../imports').then((module) => ({ default: module.ImportDialog })),
);
// The follower of the import the dialog hands over, in the same chunk (issue 34): loaded with the
// dialog, it stays out of the board's first visit.
const ImportFollower = lazy(() =>
  import('../../../imports').then((module) => ({ default: module.ImportFollower })),
);

export type ImportButtonProps = {
  className: string;
  /** On a phone: the icon, its name for screen readers and as a tooltip (issue 33). */
  iconOnly?: boolean;
};

/**
 * "Importar" (system admin): opens the import dialog. The board follows the import the dialog
 * starts or finds running, from here, so it goes on while the dialog is closed: when it ends,
 * the columns are read again and the imported requests appear without a reload.
 */
export function ImportButton({ className, iconOnly = false }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  const [following, setFollowing] = useState<string | null>(null);
  const close = useCallback(() => setOpen(false), []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        title={iconOnly ? IMPORT_OPEN_LABEL : undefined}
        className={className}
      >
        <Upload className="size-4" aria-hidden />
        <span className={iconOnly ? 'sr-only' : undefined}>{IMPORT_OPEN_LABEL}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog onFollow={setFollowing} onClose={close} />
        </Suspense>
      ) : null}
      {following ? (
        <Suspense fallback={null}>
          <ImportFollower id={following} />
        </Suspense>
      ) : null}
    </>
  );
}
