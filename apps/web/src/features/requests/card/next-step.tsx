import { Check, CheckSquare, Mail, Phone, Users, type LucideIcon } from 'lucide-react';
import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPE_LABELS,
  NEXT_ACTION_LABELS,
  type ActivityType,
  type Request,
  COMPLETE_LABELS,
  formatDue,
} from '@crm/shared';
import { IconButton } from '../../../components/ui/button';
import { COMPLETE_CONTROL } from '../activities';
import { useCardCompletion } from './card-complete';
import { useCardTime } from './card-time';

const TYPE_ICONS: Record<ActivityType, LucideIcon> = {
  call: Phone,
  meeting: Users,
  email: Mail,
  task: CheckSquare,
};

export type NextStepProps = {
  request: Pick<Request, '_id' | 'status' | 'nextActivity'>;
  /** Whether "Completar" shows (not on the drag preview, a copy; only on the board). */
  completable?: boolean;
};

/**
 * A card's "Próxima acción" line (issue 20), one of the card's dt/dd pairs: the next activity's
 * type (an icon, named for screen readers), when it is due ("Hoy 15:00", "Mañana", "12 dic"; red
 * and said "vencida" once past) and its title; "Sin próxima acción" for an open request without
 * one; nothing on a closed one. Its "Completar" (issue 33) completes it as everywhere
 * (useCompleteActivity); the focus stays on it, which shows the step after it, or goes to the card
 * when none is left.
 */
export function NextStep({ request, completable = false }: NextStepProps) {
  const { now, timeZone } = useCardTime();
  const completion = useCardCompletion();
  const next = request.nextActivity;
  if (request.status === 'closed') return null;
  const label = <dt className="sr-only">{NEXT_ACTION_LABELS.filter}:</dt>;
  if (!next) {
    return (
      <div className="flex">
        {label}
        <dd className="text-slate-600 italic">{NEXT_ACTION_LABELS.none}</dd>
      </div>
    );
  }
  const Icon = TYPE_ICONS[next.type];
  const due = formatDue({ ...next, done: false }, timeZone, now);
  return (
    <div className="flex">
      {label}
      <dd
        className="flex min-w-0 items-center gap-1 text-slate-700"
        // The whole step where its title is cut (issue 33): type, when, title.
        title={`${ACTIVITY_TYPE_LABELS[next.type]} · ${due.text} · ${next.title}`}
      >
        <Icon
          className={`size-3 shrink-0 ${due.overdue ? 'text-red-700' : 'text-slate-600'}`}
          aria-hidden
        />
        <span className="sr-only">{ACTIVITY_TYPE_LABELS[next.type]}: </span>
        <span
          className={`shrink-0 ${due.overdue ? 'font-semibold text-red-700' : 'text-slate-700'}`}
          data-overdue={due.overdue || undefined}
        >
          {due.text}
          {due.overdue ? <span className="sr-only"> ({ACTIVITY_LABELS.overdue})</span> : null}
        </span>
        <span aria-hidden> · </span>
        <span className="truncate">{next.title}</span>
      </dd>
      {completable && completion ? (
        // A <dl>'s groups hold only <dt> and <dd>: the button sits in a <dd> of its own.
        <dd className="ml-auto flex shrink-0">
          <CompleteStep requestId={request._id} step={next} completion={completion} />
        </dd>
      ) : null}
    </div>
  );
}

type CompleteStepProps = {
  requestId: string;
  step: NonNullable<Request['nextActivity']>;
  completion: NonNullable<ReturnType<typeof useCardCompletion>>;
};

/** The next step's "Completar": a check at the line's end (44×44 px on a phone, as the card's actions). */
function CompleteStep({ requestId, step, completion }: CompleteStepProps) {
  const { complete, pendingId } = completion;
  return (
    <IconButton
      label={COMPLETE_LABELS.complete(step.title)}
      disabled={pendingId === step._id}
      className="-my-0.5 shrink-0 p-0.5 max-md:-my-3 max-md:min-h-11 max-md:min-w-11"
      {...{ [COMPLETE_CONTROL]: step._id }}
      onClick={(event) => {
        const card = event.currentTarget.closest<HTMLElement>('article');
        complete(event, { requestId, activity: step, scope: card, fallback: () => card });
      }}
    >
      <Check className="size-3.5" aria-hidden />
    </IconButton>
  );
}
