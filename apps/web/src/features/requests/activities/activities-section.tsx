import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { Plus } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import {
  ACTIVITY_LABELS,
  ACTIVITY_MESSAGES,
  type Activity,
  type User,
  formatDue,
} from '@crm/shared';
import { currentActivityOf } from '../../../api/activities/activities-cache';
import { useAddActivity } from '../../../api/activities/add-activity';
import { useChangeActivity } from '../../../api/activities/change-activity';
import { useDeleteActivity } from '../../../api/activities/delete-activity';
import { useActivities } from '../../../api/activities/get-activities';
import { useReopenActivity } from '../../../api/activities/reopen-activity';
import { useTimeZone } from '../../../api/preferences/get-preferences';
import { IconButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { hasFailed, LoadError } from '../../../components/ui/load-error';
import { LoadingText } from '../../../components/ui/status-text';
import { ApiError } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { CollapsibleSection } from '../shared';
import {
  ActivityFields,
  NO_ACTIVITY,
  useActivityForm,
  valuesOf,
  type ActivityForm,
} from './activity-form';
import { ActivityItem } from './activity-item';
import { planNextOf, useCompleteActivity } from './use-complete-activity';

export type ActivitiesSectionProps = {
  requestId: string;
  /** The people, for the owners' names. */
  users: readonly User[];
  /** Whether something typed here is not saved yet: a new activity, or one being changed. */
  onUnsavedChange?: (unsaved: boolean) => void;
  /** Whether the section starts unfolded (issue 25: yes from 1024 px, no on a phone). */
  defaultOpen?: boolean;
};

/** The activity being changed: its id, the version the change applies at, and after a 409 how it is now. */
type Editing = { id: string; version: number; theirs?: Activity };

/** A failed save's message under its field: the API's field messages, else one under the title. */
function showSaveError(form: ActivityForm, error: unknown) {
  if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
    form.showServerErrorsOf(error);
  } else form.setServerErrors({ title: ACTIVITY_MESSAGES.saveFailed });
}

/**
 * "Actividades" (issue 20): a request's next steps, planned ones first (nearest first), then done
 * ones. Each call is stored at once (its own endpoint, recorded in the history), so closing the
 * modal loses only a form still open, and it asks first. A change from a stale copy (409) shows
 * the activity as it is now and keeps what was typed.
 */
export function ActivitiesSection({
  requestId,
  users,
  onUnsavedChange,
  defaultOpen = true,
}: ActivitiesSectionProps) {
  const activities = useActivities(requestId);
  const add = useAddActivity(requestId);
  const change = useChangeActivity(requestId);
  const { complete, pendingId } = useCompleteActivity();
  const reopen = useReopenActivity(requestId);
  const remove = useDeleteActivity(requestId);
  const newForm = useActivityForm();
  const editForm = useActivityForm();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const [open, setOpen] = useState(defaultOpen);
  const timeZone = useTimeZone();

  const unsaved = (adding && newForm.hasChanges) || (editing !== null && editForm.hasChanges);
  useLayoutEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [onUnsavedChange, unsaved]);

  // Where the focus goes once the list is drawn again: a row's checkbox, or "Planificar".
  const planButton = useRef<HTMLButtonElement>(null);
  const checkboxes = useRef(new Map<string, HTMLInputElement>());
  const [focusTo, setFocusTo] = useState<{ row: string } | 'plan' | null>(null);
  useEffect(() => {
    if (focusTo === null) return;
    const target = focusTo === 'plan' ? planButton.current : checkboxes.current.get(focusTo.row);
    target?.focus();
    setFocusTo(null);
  }, [focusTo, activities.data]);

  const items = activities.data?.items ?? [];
  const planned = items.filter((activity) => !activity.done);
  const done = items.filter((activity) => activity.done);
  const ownerName = (id: string | null) => {
    const owner = users.find((user) => user._id === id);
    return owner ? fullName(owner) : ACTIVITY_LABELS.noOwner;
  };

  const openNew = (start = NO_ACTIVITY) => {
    newForm.reset(start);
    // The form shows where it can be seen: a folded section unfolds.
    setOpen(true);
    setAdding(true);
  };

  // Opened by "Planificar la siguiente" (a completion's notice elsewhere): its form, filled in.
  const planNext = useRef(planNextOf(useLocation().state));
  useEffect(() => {
    const start = planNext.current;
    if (!start) return;
    planNext.current = null;
    newForm.reset({ ...NO_ACTIVITY, ...start });
    setOpen(true);
    setAdding(true);
  }, [newForm]);

  const submitNew = newForm.handleSubmit((body) => {
    if (add.isPending) return;
    add.mutate(body, {
      onSuccess: () => {
        newForm.reset(NO_ACTIVITY);
        setAdding(false);
        setFocusTo('plan');
      },
      onError: (error) => showSaveError(newForm, error),
    });
  });

  const startEdit = (activity: Activity) => {
    editForm.reset(valuesOf(activity, timeZone));
    setEditing({ id: activity._id, version: activity.version });
  };

  const submitEdit = editForm.handleSubmit((values) => {
    if (!editing || change.isPending) return;
    const { id, version } = editing;
    change.mutate(
      { activityId: id, body: { ...values, dueTime: values.dueTime ?? null, version } },
      {
        onSuccess: () => {
          setEditing(null);
          setFocusTo({ row: id });
        },
        onError: (error) => {
          const theirs = currentActivityOf(error);
          if (!theirs) {
            showSaveError(editForm, error);
            return;
          }
          // Their copy becomes the one this change applies to; what was typed stays.
          editForm.rebase(valuesOf(theirs, timeZone), editForm.values);
          setEditing({ id, version: theirs.version, theirs });
        },
      },
    );
  });

  const toggleDone = (activity: Activity, event: ChangeEvent<HTMLInputElement>) => {
    if (!activity.done) {
      // As everywhere (issue 33): a notice with "Deshacer" and "Planificar la siguiente" (the
      // form here), the focus on the next planned one's box (else "Planificar actividad").
      complete(event, {
        requestId,
        activity,
        fallback: () => planButton.current,
        onPlanNext: (done) => openNew({ ...NO_ACTIVITY, type: done.type, title: done.title }),
      });
      return;
    }
    reopen.mutate(activity, {
      onSuccess: (saved) => setFocusTo({ row: saved._id }),
      onError: (error) =>
        notify.error(
          currentActivityOf(error)
            ? ACTIVITY_MESSAGES.changedMeanwhile
            : ACTIVITY_MESSAGES.changeFailed,
        ),
    });
  };

  const confirmDelete = () => {
    const activity = deleting;
    setDeleting(null);
    if (!activity) return;
    remove.mutate(activity._id, {
      onSuccess: () => {
        notify.success(ACTIVITY_MESSAGES.deleted);
        if (editing?.id === activity._id) setEditing(null);
        setFocusTo('plan');
      },
      onError: () => notify.error(ACTIVITY_MESSAGES.changeFailed),
    });
  };

  const busy = pendingId !== null || reopen.isPending || remove.isPending;

  const list = (label: string, shown: Activity[]) =>
    shown.length === 0 ? null : (
      <ul aria-label={label} className="mt-2 space-y-2 first:mt-0">
        {shown.map((activity) =>
          editing?.id === activity._id ? (
            <li key={activity._id}>
              <ActivityFields
                form={editForm}
                legend={`${ACTIVITY_LABELS.edit}: ${activity.title}`}
                submitLabel={ACTIVITY_LABELS.save}
                pending={change.isPending}
                onSubmit={() => submitEdit()}
                onCancel={() => {
                  setEditing(null);
                  setFocusTo({ row: activity._id });
                }}
                notice={editing.theirs ? <TheirVersion activity={editing.theirs} /> : null}
              />
            </li>
          ) : (
            <ActivityItem
              key={activity._id}
              activity={activity}
              owner={ownerName(activity.ownerId)}
              busy={busy}
              checkboxRef={(element) => {
                if (element) checkboxes.current.set(activity._id, element);
                else checkboxes.current.delete(activity._id);
              }}
              onToggleDone={(event) => toggleDone(activity, event)}
              onEdit={() => startEdit(activity)}
              onDelete={() => setDeleting(activity)}
            />
          ),
        )}
      </ul>
    );

  return (
    <CollapsibleSection
      title={ACTIVITY_LABELS.section}
      count={activities.data ? items.length : undefined}
      open={open}
      onOpenChange={setOpen}
      actions={
        <IconButton
          ref={planButton}
          label={adding ? ACTIVITY_LABELS.closePlan : ACTIVITY_LABELS.plan}
          aria-expanded={adding}
          onClick={() => (adding ? setAdding(false) : openNew())}
        >
          <Plus className="size-4" aria-hidden />
        </IconButton>
      }
    >
      {adding ? (
        <ActivityFields
          form={newForm}
          legend={ACTIVITY_LABELS.plan}
          submitLabel={ACTIVITY_LABELS.add}
          pending={add.isPending}
          onSubmit={() => submitNew()}
          onCancel={() => {
            setAdding(false);
            setFocusTo('plan');
          }}
        />
      ) : null}

      {activities.isError || hasFailed(activities) ? (
        <LoadError
          message={ACTIVITY_MESSAGES.loadFailed}
          onRetry={() => void activities.refetch()}
          retrying={activities.isFetching}
          className="mt-2"
        />
      ) : activities.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 first:mt-0">{ACTIVITY_LABELS.none}</p>
      ) : (
        <>
          {list(ACTIVITY_LABELS.planned, planned)}
          {done.length > 0 ? (
            <h4 className="mt-3 text-xs font-semibold text-slate-600">{ACTIVITY_LABELS.done}</h4>
          ) : null}
          {list(ACTIVITY_LABELS.done, done)}
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        message={ACTIVITY_LABELS.removeConfirm}
        confirmLabel={ACTIVITY_LABELS.remove}
        cancelLabel={ACTIVITY_LABELS.keep}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        placement="center"
      />
    </CollapsibleSection>
  );
}

/** After a 409: the activity as the other person left it, above the kept draft. */
function TheirVersion({ activity }: { activity: Activity }) {
  const timeZone = useTimeZone();
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-2 text-xs ring-1 ring-amber-300">
      <p className="text-amber-900">{ACTIVITY_LABELS.changedMeanwhile}</p>
      <p className="mt-1 text-slate-800">
        {activity.title} · {formatDue(activity, timeZone).text}
      </p>
    </div>
  );
}
