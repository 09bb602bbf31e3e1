import { REQUEST_SECTION_LABELS } from '@crm/shared';
import { useState, type ReactNode } from 'react';
import type { RequestHistory, User } from '@crm/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMediaQuery } from '../../../lib/use-media-query';
import { EmailsSection, type EmailsSectionProps } from '../emails';
import { FilesSection } from '../files';
import { HistoryTimeline } from '../history';
import { NotesEditor } from '../notes';
import { CollapsibleSection } from '../shared';

/** Below 1024 px the window is one column (a phone, a narrow tablet). */
export const ONE_COLUMN_QUERY = '(max-width: 1023.98px)';

export type RequestSideSectionsProps = {
  requestId: string;
  /** The request as stored: a new mail goes to its email, a template names it (issue 35). */
  customer: EmailsSectionProps['customer'];
  message: string;
  notes: readonly string[];
  /** Who added or last changed each note (see NotesEditor). */
  authors: ReadonlyMap<string, string>;
  history: UseQueryResult<RequestHistory>;
  users: readonly User[];
  onNotesUnsavedChange: (unsaved: boolean) => void;
  /**
   * The activities section (the window builds it), between the notes and the history; null: the
   * window shows it elsewhere (a phone's, at the top, issue 33).
   */
  activities: ReactNode;
};

/**
 * The Edit Request modal's right-hand column (issue 25): §2's "Mensaje" and "Notas", then the
 * activities, the mails with the customer (issue 35) and the history, each folding and
 * scrolling inside.
 *
 * Which start open: from 1024 px the message, the notes and the activities (what a person reads
 * and adds to on every visit), the history folded (read now and then, and the longest); on a
 * phone all folded, their headings saying how many they hold. Decided when the window opens: a
 * section the person folds or opens stays so while it is open.
 */
export function RequestSideSections({
  requestId,
  customer,
  message,
  notes,
  authors,
  history,
  users,
  onNotesUnsavedChange,
  activities,
}: RequestSideSectionsProps) {
  const oneColumn = useMediaQuery(ONE_COLUMN_QUERY);
  const [openAtFirst] = useState(!oneColumn);
  const [messageOpen, setMessageOpen] = useState(openAtFirst);
  return (
    <>
      <CollapsibleSection
        title={REQUEST_SECTION_LABELS.message}
        open={messageOpen}
        onOpenChange={setMessageOpen}
        textOnly
        preview={
          message ? (
            <p className="line-clamp-2 text-sm break-words text-slate-600">{message}</p>
          ) : null
        }
      >
        <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{message}</p>
      </CollapsibleSection>

      <NotesEditor
        requestId={requestId}
        notes={notes}
        authors={authors}
        onUnsavedChange={onNotesUnsavedChange}
        defaultOpen={openAtFirst}
      />

      {activities}

      <EmailsSection
        requestId={requestId}
        customer={customer}
        users={users}
        defaultOpen={openAtFirst}
      />

      <FilesSection requestId={requestId} defaultOpen={false} />

      <HistoryTimeline history={history} users={users} defaultOpen={false} />
    </>
  );
}
