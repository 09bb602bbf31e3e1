import type { ReactNode } from 'react';
import { ACTIVITY_LABELS, ACTIVITY_TYPE_LABELS, type Activity, formatDue } from '@crm/shared';
import { useTimeZone } from '../../../api/preferences/get-preferences';

export type ActivitySummaryProps = {
  activity: Activity;
  /** Said overdue even if the clock here is a little behind the server's (the agenda's "Vencidas"). */
  overdue?: boolean;
  /** What the second line says after the due moment: the owner, or the request. */
  children: ReactNode;
};

/**
 * An activity as the request's "Actividades" and the agenda both list it: its type and title
 * (struck through once done), then its due moment (red, and said, when overdue) and `children`.
 */
export function ActivitySummary({ activity, overdue = false, children }: ActivitySummaryProps) {
  const due = formatDue(activity, useTimeZone());
  const isOverdue = overdue || due.overdue;
  return (
    <div className="min-w-0 flex-1">
      <p className={activity.done ? 'text-slate-500 line-through' : 'text-slate-900'}>
        <span className="mr-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
          {ACTIVITY_TYPE_LABELS[activity.type]}
        </span>
        <span className="break-words">{activity.title}</span>
      </p>
      <p className="mt-0.5 text-xs text-slate-600">
        <span className={isOverdue ? 'font-semibold text-red-700' : undefined}>
          {due.text}
          {isOverdue ? <span className="sr-only"> ({ACTIVITY_LABELS.overdue})</span> : null}
        </span>
        <span aria-hidden> · </span>
        {children}
      </p>
    </div>
  );
}
