import type { ChangeEvent, Ref } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { ACTIVITY_LABELS, type Activity } from '@crm/shared';
import { IconButton } from '../../../components/ui/button';
import { ActivitySummary } from './activity-summary';
import { COMPLETE_CONTROL } from './complete-control';

export type ActivityItemProps = {
  activity: Activity;
  /** The owner's name ("Sin responsable" when their user was deleted). */
  owner: string;
  busy: boolean;
  checkboxRef: Ref<HTMLInputElement>;
  onToggleDone: (event: ChangeEvent<HTMLInputElement>) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * One activity as a row: "Hecha" (completes or reopens it in one click), its summary (type,
 * title, due moment) and owner, and its edit and delete buttons.
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
  return (
    <li className="flex items-start gap-3 rounded-md px-3 py-2 text-sm ring-1 ring-slate-200">
      <input
        ref={checkboxRef}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        checked={activity.done}
        disabled={busy}
        aria-label={`${ACTIVITY_LABELS.doneMark}: ${activity.title}`}
        // A planned one's box completes it (useCompleteActivity: the focus goes box to box).
        {...(activity.done ? {} : { [COMPLETE_CONTROL]: activity._id })}
        onChange={onToggleDone}
      />
      <ActivitySummary activity={activity}>
        <span>
          <span className="sr-only">{ACTIVITY_LABELS.owner}: </span>
          {owner}
        </span>
      </ActivitySummary>
      <IconButton label={`${ACTIVITY_LABELS.edit}: ${activity.title}`} onClick={onEdit}>
        <Pencil className="size-3.5" aria-hidden />
      </IconButton>
      <IconButton label={`${ACTIVITY_LABELS.remove}: ${activity.title}`} onClick={onDelete}>
        <Trash2 className="size-3.5" aria-hidden />
      </IconButton>
    </li>
  );
}
