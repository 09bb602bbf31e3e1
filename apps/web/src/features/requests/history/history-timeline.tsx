import { useState } from 'react';
import {
  SESSION_MESSAGES,
  type HistoryEntry,
  type RequestHistory,
  type User,
  REQUEST_SECTION_LABELS,
  HISTORY_EMPTY_LABEL,
  HISTORY_LABELS,
} from '@crm/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSettings } from '../../../api/settings/get-settings';
import { useTimeZone } from '../../../api/preferences/get-preferences';
import { hasFailed, LoadError } from '../../../components/ui/load-error';
import { LoadingText } from '../../../components/ui/status-text';
import { CollapsibleSection } from '../shared';
import { describeEntry, describeWhat, groupBySave, hasLongText, whoAndWhen } from './history-text';

type Person = Pick<User, '_id' | 'name' | 'lastName'>;

export type HistoryTimelineProps = {
  history: UseQueryResult<RequestHistory>;
  users: readonly Person[];
  /** Whether it starts unfolded (issue 25: folded, it keeps the window short). */
  defaultOpen?: boolean;
};

/** One change's words, long texts shortened with "Ver todo" to read them whole (issue 25). */
function ChangeText({
  entry,
  describe,
}: {
  entry: HistoryEntry;
  describe: (entry: HistoryEntry, full: boolean) => string;
}) {
  const [full, setFull] = useState(false);
  return (
    <>
      <span className="break-words whitespace-pre-wrap">{describe(entry, full)}</span>
      {hasLongText(entry) ? (
        <>
          {' '}
          <button
            type="button"
            aria-expanded={full}
            className="text-xs font-medium text-indigo-700 underline hover:text-indigo-900"
            onClick={() => setFull(!full)}
          >
            {full ? HISTORY_LABELS.showLess : HISTORY_LABELS.showAll}
          </button>
        </>
      ) : null}
    </>
  );
}

/**
 * "Historial": who moved, assigned or changed notes of the request, and when, newest first
 * (issue 12). Folded by default so the form stays short; its count is of changes. The changes of
 * one save (issue 25) sit under one line saying who and when.
 */
export function HistoryTimeline({ history, users, defaultOpen = false }: HistoryTimelineProps) {
  const entries = history.data?.entries ?? [];
  const timeZone = useTimeZone();
  // Amounts in the product's one money format, in the installation's currency (issue 33).
  const currency = useSettings().data?.currency;
  const [open, setOpen] = useState(defaultOpen);
  return (
    <CollapsibleSection
      title={REQUEST_SECTION_LABELS.history}
      count={history.data ? entries.length : undefined}
      open={open}
      onOpenChange={setOpen}
    >
      <div className="text-sm">
        {history.isError || hasFailed(history) ? (
          <LoadError
            message={SESSION_MESSAGES.fetchFailed}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : !history.data ? (
          <LoadingText />
        ) : entries.length === 0 ? (
          <p className="text-slate-500">{HISTORY_EMPTY_LABEL}</p>
        ) : (
          <ol
            aria-label={REQUEST_SECTION_LABELS.history}
            className="relative space-y-2 border-l border-slate-200 pl-4"
          >
            {groupBySave(entries).map((group, index) => (
              <li key={`${group[0]?.at ?? ''}-${index}`} className="relative text-slate-700">
                <span
                  aria-hidden
                  className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-indigo-400"
                />
                {group.length === 1 && group[0] ? (
                  <ChangeText
                    entry={group[0]}
                    describe={(entry, full) =>
                      describeEntry(entry, users, timeZone, full, currency)
                    }
                  />
                ) : (
                  <>
                    <p className="font-medium text-slate-900">
                      {group[0] ? whoAndWhen(group[0], users, timeZone) : null}
                    </p>
                    <ul className="mt-0.5 list-disc space-y-0.5 pl-4">
                      {group.map((entry, at) => (
                        <li key={`${entry.field}-${at}`}>
                          <ChangeText
                            entry={entry}
                            describe={(change, full) => describeWhat(change, users, full, currency)}
                          />
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </CollapsibleSection>
  );
}
