import { useId, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';

export type CollapsibleSectionProps = {
  title: string;
  /** How many things it holds ("Notas (40)"), once known. */
  count?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Beside the heading, open or not (the notes' and activities' "+"). */
  actions?: ReactNode;
  /** Shown instead of the content while folded (the message's first lines). */
  preview?: ReactNode;
  /** Text only (no control inside): its scrolling content takes the focus to scroll by keyboard. */
  textOnly?: boolean;
  children: ReactNode;
};

/**
 * One of the Edit Request modal's side sections (issue 25): a heading whose button folds it
 * (aria-expanded) and says how many things it holds, and a content that scrolls inside, so a
 * long message or 40 notes never make the window taller than the screen. From 1024 px the
 * open sections share the side column's height (each up to what it holds); on a phone each
 * scrolls within 60% of the screen. Folded content stays mounted: what is typed in it is kept.
 */
export function CollapsibleSection({
  title,
  count,
  open,
  onOpenChange,
  actions,
  preview,
  textOnly = false,
  children,
}: CollapsibleSectionProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`flex flex-col rounded-md ring-1 ring-slate-200 ${
        open ? 'lg:max-h-max lg:min-h-0 lg:flex-[1_1_0%]' : 'lg:flex-none'
      }`}
    >
      <div className="flex shrink-0 items-center justify-between gap-2 pr-2">
        <h3 className="min-w-0 flex-1 text-sm font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-content`}
            onClick={() => onOpenChange(!open)}
            className="flex min-h-11 w-full lg:min-h-9 items-center gap-1.5 rounded-md px-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
          >
            <ChevronRight
              aria-hidden
              className={`size-4 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-90' : ''}`}
            />
            <span id={`${id}-title`}>{title}</span>
            {count === undefined ? null : (
              <span className="text-xs font-normal text-slate-600">({count})</span>
            )}
          </button>
        </h3>
        {actions}
      </div>
      {!open && preview ? <div className="px-3 pb-2">{preview}</div> : null}
      <div
        id={`${id}-content`}
        hidden={!open}
        tabIndex={textOnly ? 0 : undefined}
        className="max-h-[60dvh] min-h-0 overflow-y-auto border-t border-slate-200 px-3 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 lg:max-h-none lg:flex-1"
      >
        {children}
      </div>
    </section>
  );
}
