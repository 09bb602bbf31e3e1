import type { ReactNode } from 'react';

export type CardLineProps = {
  label: string;
  value: string;
  /** The request's name: bold, wraps to two lines, the whole of it in a tooltip. */
  strong?: boolean;
  /** Only for screen readers (the line shows an icon instead). */
  hiddenLabel?: boolean;
  icon?: ReactNode;
  /**
   * Issue 33: the value is never cut (an amount): it moves under its label when the two don't
   * fit on one line.
   */
  whole?: boolean;
  className?: string;
};

/** One "Label: value" line of a card (§2), a dt/dd pair of the card's list. */
export function CardLine({
  label,
  value,
  strong,
  hiddenLabel,
  icon,
  whole,
  className = '',
}: CardLineProps) {
  return (
    <div
      className={`flex gap-x-1 ${whole ? 'flex-wrap' : ''} ${strong ? 'items-start' : 'items-baseline'} ${className}`}
    >
      {icon}
      {/* slate-600: 4.5:1 and more on white and on a selected card's indigo-50 (issue 33). */}
      <dt className={hiddenLabel ? 'sr-only' : 'shrink-0 text-slate-600'}>{label}</dt>
      <dd
        title={value}
        className={`min-w-0 ${
          strong
            ? 'line-clamp-2 font-semibold break-words text-slate-900'
            : whole
              ? 'whitespace-nowrap text-slate-700'
              : 'truncate text-slate-700'
        }`}
      >
        {value}
      </dd>
    </div>
  );
}
