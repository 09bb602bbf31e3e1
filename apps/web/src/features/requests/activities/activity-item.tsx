import type { Ref } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { ACTIVITY_LABELS, ACTIVITY_TYPE_LABELS, type Activity } from '@crm/shared';
import { IconButton } from '../../../components/ui/button';
import { formatDue } from '../../../lib/activity-due';

export type ActivityItemProps = {
  activity: Activity;
  /** The owner's name ("Sin responsable" when their user was deleted). */
  owner: string;
  busy: boolean;
  checkboxRef: Ref<HTMLInputElement>;
  onToggleDone: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * One activity as a row: "Hecha" (completes or reopens it in one click), its type, title, due
 * moment (red, and said, when overdue) and owner, and its edit and delete buttons.
 */
export function ActivityItem({
  activity,
  owner,
  busy,
  checkboxRef,
  onToggleDone,
  onEdit,
  onDelete,
}: ActivityItemProps) {
  const due = formatDue(activity);
  return (
    <li className="flex items-start gap-3 rounded-md px-3 py-2 text-sm ring-1 ring-slate-200">
      <input
        ref={checkboxRef}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        checked={activity.done}
        disabled={busy}
        aria-label={`${ACTIVITY_LABELS.doneMark}: ${activity.title}`}
        onChange={onToggleDone}
      />
      <div className="min-w-0 flex-1">
        <p className={activity.done ? 'text-slate-500 line-through' : 'text-slate-900'}>
          <span className="mr-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
            {ACTIVITY_TYPE_LABELS[activity.type]}
          </span>
          <span className="break-words">{activity.title}</span>
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          <span className={due.overdue ? 'font-semibold text-red-700' : undefined}>
            {due.text}
            {due.overdue ? <span className="sr-only"> ({ACTIVITY_LABELS.overdue})</span> : null}
          </span>
          <span aria-hidden> · </span>
          <span>
            <span className="sr-only">{ACTIVITY_LABELS.owner}: </span>
            {owner}
          </span>
        </p>
      </div>
      <IconButton label={`${ACTIVITY_LABELS.edit}: ${activity.title}`} onClick={onEdit}>
        <Pencil className="size-3.5" aria-hidden />
      </IconButton>
      <IconButton label={`${ACTIVITY_LABELS.remove}: ${activity.title}`} onClick={onDelete}>
        <Trash2 className="size-3.5" aria-hidden />
      </IconButton>
    </li>
  );
}
