import { ChevronDown, ChevronsUp, Equal, type LucideIcon } from 'lucide-react';
import {
  PRIORITY_LABELS,
  priorityColor,
  type Priority,
  type PriorityColor,
  CARD_LABELS,
} from '@crm/shared';

const STYLES: Record<PriorityColor, { icon: LucideIcon; className: string }> = {
  green: { icon: ChevronDown, className: 'bg-green-50 text-green-800 ring-green-600/30' },
  orange: { icon: Equal, className: 'bg-orange-50 text-orange-800 ring-orange-600/30' },
  red: { icon: ChevronsUp, className: 'bg-red-50 text-red-800 ring-red-600/30' },
};

/** "Alta", "Media", "Baja"; a value outside §9 is shown as it is (and gets the red bar). */
export const priorityText = (priority: string) => PRIORITY_LABELS[priority as Priority] ?? priority;

export type PriorityBadgeProps = { priority: string };

/**
 * The card's priority in words and an icon, beside the §9 colour bar, for those who can't tell
 * the colours apart; screen readers hear "Prioridad: Alta".
 */
export function PriorityBadge({ priority }: PriorityBadgeProps) {
  const { icon: Icon, className } = STYLES[priorityColor(priority)];
  return (
    <span
      className={`inline-flex items-center gap-0.5 rounded px-1 py-px text-[11px] leading-4 font-medium ring-1 ring-inset ${className}`}
    >
      <Icon className="size-3 shrink-0" aria-hidden />
      <span aria-hidden>{priorityText(priority)}</span>
      <span className="sr-only">{CARD_LABELS.priority(priorityText(priority))}</span>
    </span>
  );
}
