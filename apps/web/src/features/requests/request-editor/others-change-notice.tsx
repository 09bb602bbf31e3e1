import { Info, TriangleAlert } from 'lucide-react';
import { CONFLICT_LABELS, EVENT_LABELS } from '@crm/shared';
import type { OtherPerson } from '../../../api/events/others-changes';
import { Button } from '../../../components/ui/button';

export type OthersChangeNoticeProps = {
  person: OtherPerson;
  /** Their change waits for this ("Ver su versión"); absent: it is in the form already. */
  onShowTheirs?: () => void;
};

/**
 * What must stay in sight while the person goes on typing further down the form: pinned to the
 * top of the column that scrolls, above the fields (not scrolled to, which would take the field
 * being typed in away).
 */
const PINNED = 'sticky top-0 z-10 shadow-sm';

/**
 * Issue 36: someone else changed the open request (the live stream said so). With something
 * typed, their version waits for "Ver su versión", which shows it as a refused save (409) does;
 * with nothing typed, it is in the form already, and this says whose it is.
 */
export function OthersChangeNotice({ person, onShowTheirs }: OthersChangeNoticeProps) {
  const said = person.name ? EVENT_LABELS.othersChanged(person.name) : EVENT_LABELS.someoneChanged;
  if (!onShowTheirs) {
    return (
      <div
        role="status"
        className="flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          {said} {CONFLICT_LABELS.seeTheirs}
        </p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={`${PINNED} flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300`}
    >
      <p className="flex gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {said}
      </p>
      <Button variant="secondary" onClick={onShowTheirs}>
        {EVENT_LABELS.showTheirs}
      </Button>
    </div>
  );
}

/** Issue 36: someone else deleted the open request; nothing here can be saved any more. */
export function DeletedNotice({ person }: { person: OtherPerson }) {
  return (
    <div
      role="alert"
      className={`${PINNED} flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200`}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {person.name ? EVENT_LABELS.deletedMeanwhile(person.name) : EVENT_LABELS.deletedBySomeone}
      </p>
    </div>
  );
}
