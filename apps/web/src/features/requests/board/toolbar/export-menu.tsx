import { useEffect, useRef, useState } from 'react';
import { EXPORT_FORMATS, EXPORT_LABELS, type BoardFilters, type ExportFormat } from '@crm/shared';
import { exportLink } from '../../../../api/requests/export-requests';
import { followDownload as follow } from '../../../../lib/follow-download';
import { notify } from '../../../../lib/notify';

export type ExportMenuProps = {
  filters: BoardFilters;
  open: boolean;
  onClose: () => void;
};

/**
 * Issue 24's "Exportar" menu: CSV (Excel) or Excel (.xlsx), the requests of the board's current
 * search and filters. It asks the API for the file's address (a short-lived download ticket for
 * exactly these filters), then the browser downloads it by itself; "Preparando el archivo…"
 * shows while the address comes. A lazy chunk, loaded when the menu first opens.
 */
export function ExportMenu({ filters, open, onClose }: ExportMenuProps) {
  const [running, setRunning] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!menuRef.current?.parentElement?.contains(target)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onClose]);

  const download = async (format: ExportFormat) => {
    onClose();
    setRunning(true);
    try {
      follow(await exportLink(filters, format));
    } catch {
      notify.error(EXPORT_LABELS.failed);
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      {open ? (
        <div
          ref={menuRef}
          role="menu"
          aria-label={EXPORT_LABELS.button}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          className="absolute top-full right-0 z-30 mt-1 flex min-w-40 flex-col rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              onClick={() => void download(format)}
              className="px-3 py-1.5 text-left text-xs text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
            >
              {EXPORT_LABELS[format]}
            </button>
          ))}
        </div>
      ) : null}
      <p
        role="status"
        className="absolute top-full right-0 z-30 mt-1 text-xs whitespace-nowrap text-slate-600 empty:hidden"
      >
        {running ? EXPORT_LABELS.preparing : ''}
      </p>
    </>
  );
}
