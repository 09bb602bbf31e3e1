import {
  ACCOUNT_MESSAGES,
  PROFILE_LABELS,
  SESSION_MESSAGES,
  type Session,
  formatDateTime,
} from '@crm/shared';
import { useTimeZone } from '../../api/preferences/get-preferences';
import { Button } from '../../components/ui/button';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { useCloseOtherSessions, useCloseSession, useSessions } from '../../api/profile/sessions';
import { useFormOutcome } from './form-outcome';
import { FormOutcome } from './profile-section';

/** "Chrome 131 · Windows 10", from the user agent at sign-in. */
const deviceOf = (session: Pick<Session, 'browser' | 'os'>) =>
  `${session.browser || PROFILE_LABELS.unknownBrowser} · ${session.os || PROFILE_LABELS.unknownOs}`;

/**
 * "Sesiones": where the caller is signed in, newest first, this one marked; any other can be
 * signed out on its own, or all of them at once.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const close = useCloseSession();
  const closeOthers = useCloseOtherSessions();
  const timeZone = useTimeZone();
  const result = useFormOutcome();

  if (hasFailed(sessions)) {
    return (
      <LoadError
        message={sessions.error?.message ?? SESSION_MESSAGES.fetchFailed}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  }
  if (sessions.data === undefined) return <LoadingText />;
  const others = sessions.data.filter((session) => !session.current);

  const onClose = (session: Session) => {
    result.clear();
    close.mutate(session.id, {
      onSuccess: () => result.succeeded(ACCOUNT_MESSAGES.sessionClosed),
      onError: (error) => {
        result.failed(error);
        // Gone meanwhile (404) or not: the list shown is read again.
        void sessions.refetch();
      },
    });
  };

  const onCloseOthers = () => {
    result.clear();
    closeOthers.mutate(undefined, {
      onSuccess: () => result.succeeded(ACCOUNT_MESSAGES.otherSessionsClosed),
      onError: result.failed,
    });
  };

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        {sessions.data.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">
                {deviceOf(session)}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    {PROFILE_LABELS.thisSession}
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600">
                {PROFILE_LABELS.address}: {session.address}
              </p>
              <p className="text-slate-600">
                {PROFILE_LABELS.signedInAt}: {formatDateTime(session.signedInAt, timeZone)} ·{' '}
                {PROFILE_LABELS.lastSeen}: {formatDateTime(session.lastSeenAt, timeZone)}
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="secondary"
                disabled={close.isPending}
                onClick={() => onClose(session)}
                // The visible words first (label in name), then which session.
                aria-label={`${PROFILE_LABELS.closeSession}: ${deviceOf(session)}, ${session.address}`}
              >
                {PROFILE_LABELS.closeSession}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        {others.length > 0 ? (
          <Button variant="danger" disabled={closeOthers.isPending} onClick={onCloseOthers}>
            {PROFILE_LABELS.closeOthers}
          </Button>
        ) : null}
        <FormOutcome outcome={result.outcome} />
      </div>
    </div>
  );
}
