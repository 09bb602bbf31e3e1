import { Inbox } from 'lucide-react';
import { EMPTY_BOARD_LABELS as T } from '@crm/shared';

export type EmptyBoardTextProps = { isAdmin: boolean; onCreate: () => void };

/** What an empty board says (EmptyBoardGuide decides when): to a vendor, to an admin. */
export function EmptyBoardText({ isAdmin, onCreate }: EmptyBoardTextProps) {
  return (
    <section
      aria-labelledby="empty-board-title"
      className="mx-3 mt-3 flex gap-3 rounded-lg bg-indigo-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-indigo-200 md:mx-5"
    >
      <Inbox className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden />
      {isAdmin ? (
        <div className="space-y-1">
          <h2 id="empty-board-title" className="font-semibold text-slate-900">
            {T.adminTitle}
          </h2>
          <p>{T.adminIntro}</p>
          <ul className="list-disc space-y-0.5 pl-5">
            <li>
              <a
                href="/form"
                target="_blank"
                rel="noreferrer"
                className="font-medium text-indigo-700 underline"
              >
                {T.adminForm}
              </a>
              {T.adminFormAfter}
            </li>
            <li>{T.adminImport}</li>
            <li>{T.adminCreate}</li>
          </ul>
          <p>{T.adminAssign}</p>
        </div>
      ) : (
        <div className="space-y-1">
          <h2 id="empty-board-title" className="font-semibold text-slate-900">
            {T.vendorTitle}
          </h2>
          <p>{T.vendorCreate}</p>
          <button
            type="button"
            onClick={onCreate}
            className="min-h-11 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:min-h-0"
          >
            {T.create}
          </button>
          <p className="text-slate-600">{T.vendorAssigned}</p>
        </div>
      )}
    </section>
  );
}
