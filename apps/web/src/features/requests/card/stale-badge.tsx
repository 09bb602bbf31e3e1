import { NEXT_ACTION_LABELS, staleDaysOf, type Request } from '@crm/shared';
import { useCardTime } from './card-time';

export type StaleBadgeProps = { request: Pick<Request, 'status' | 'stageChangedAt'> };

/** "Estancada N días": the request has sat in its stage longer than the stage's limit (issue 20). */
export function StaleBadge({ request }: StaleBadgeProps) {
  const { now, staleDays } = useCardTime();
  const days = staleDays ? staleDaysOf(request, staleDays, now) : null;
  if (days === null) return null;
  return (
    <span className="rounded bg-amber-50 px-1 py-px text-[11px] leading-4 font-medium text-amber-900 ring-1 ring-amber-600/30 ring-inset">
      {NEXT_ACTION_LABELS.stale(days)}
    </span>
  );
}
