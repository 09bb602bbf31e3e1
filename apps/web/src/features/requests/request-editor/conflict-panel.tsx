import { useEffect, useId, useRef } from 'react';
import { TriangleAlert, Info } from 'lucide-react';
import { CONFLICT_LABELS, type Request, type User } from '@crm/shared';
import { Button } from '../../../components/ui/button';
import type { FieldConflict, RequestField } from './merge-request';
import { FIELD_LABELS, formatFieldValue } from './request-fields';

type Person = Pick<User, '_id' | 'name' | 'lastName'>;

const fieldList = (fields: readonly RequestField[]) =>
  fields.map((field) => FIELD_LABELS[field]).join(', ');

/** Brings a panel that just appeared into view: it sits at the top of a long, scrolled form. */
function useScrollIntoView<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return ref;
}

export type ConflictPanelProps = {
  conflicts: readonly FieldConflict[];
  /** The draft now: "Tu versión" follows what the user keeps typing. */
  draft: Request;
  /** Fields only the other person changed, already taken into the draft. */
  taken: readonly RequestField[];
  users: readonly Person[];
  saving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
};

/**
 * A save refused because someone else saved first (409), or a newer copy read meanwhile, where
 * both changed the same fields: theirs beside mine, and the user's choice. Nothing typed is
 * dropped until "Usar la suya".
 */
export function ConflictPanel({
  conflicts,
  draft,
  taken,
  users,
  saving,
  onKeepMine,
  onTakeTheirs,
}: ConflictPanelProps) {
  const ref = useScrollIntoView<HTMLElement>();
  const titleId = useId();
  return (
    <section
      ref={ref}
      role="alert"
      aria-labelledby={titleId}
      className="scroll-mt-4 rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-300"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold text-amber-900">
        <TriangleAlert className="size-4" aria-hidden />
        {CONFLICT_LABELS.title}
      </h3>
      <p className="mt-1 text-amber-900">{CONFLICT_LABELS.explanation}</p>
      <table className="mt-3 w-full table-fixed border-separate border-spacing-y-1 text-left">
        <thead className="text-xs text-amber-900">
          <tr>
            <th scope="col" className="w-1/4 font-medium">
              {CONFLICT_LABELS.field}
            </th>
            <th scope="col" className="font-medium">
              {CONFLICT_LABELS.theirs}
            </th>
            <th scope="col" className="font-medium">
              {CONFLICT_LABELS.mine}
            </th>
          </tr>
        </thead>
        <tbody>
          {conflicts.map(({ field, theirs }) => (
            <tr key={field} data-field={field}>
              <th scope="row" className="pr-2 align-top font-medium text-slate-800">
                {FIELD_LABELS[field]}
              </th>
              <td className="rounded-l-md bg-white px-2 py-1 align-top break-words whitespace-pre-wrap text-slate-700">
                {formatFieldValue(field, theirs, users)}
              </td>
              <td className="rounded-r-md bg-white px-2 py-1 align-top font-medium break-words whitespace-pre-wrap text-slate-900">
                {formatFieldValue(field, draft[field], users)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {taken.length > 0 ? (
        <p className="mt-2 text-xs text-amber-900">
          {CONFLICT_LABELS.takenFields(fieldList(taken))}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onTakeTheirs} disabled={saving}>
          {CONFLICT_LABELS.takeTheirs}
        </Button>
        <Button onClick={onKeepMine} disabled={saving}>
          {CONFLICT_LABELS.keepMine}
        </Button>
      </div>
    </section>
  );
}

export type MergedNoticeProps = {
  taken: readonly RequestField[];
  /** Whether the draft still holds changes of the user's to save. */
  pendingChanges: boolean;
};

/**
 * A save refused (409) where nobody's changes overlap: theirs are in the form, mine are kept,
 * and "Guardar cambios" saves both. Not saved automatically: the user sees the merged request
 * before it is written.
 */
export function MergedNotice({ taken, pendingChanges }: MergedNoticeProps) {
  const ref = useScrollIntoView<HTMLDivElement>();
  return (
    <div
      ref={ref}
      role="status"
      className="flex scroll-mt-4 gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {CONFLICT_LABELS.merged} {taken.length > 0 ? CONFLICT_LABELS.taken(fieldList(taken)) : ''}
        {pendingChanges ? CONFLICT_LABELS.pending : CONFLICT_LABELS.seeTheirs}
      </p>
    </div>
  );
}
