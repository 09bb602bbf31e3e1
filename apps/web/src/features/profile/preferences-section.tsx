import { useId, useState } from 'react';
import {
  PROFILE_LABELS,
  SESSION_MESSAGES,
  TIME_ZONES,
  type UpdatePreferencesBody,
} from '@crm/shared';
import { Button } from '../../components/ui/button';
import { usePreferences } from '../../api/preferences/get-preferences';
import { FormField, Select, TextInput } from '../../components/ui/form-field';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { detectedTimeZone } from '../../lib/format';
import {
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
  useUpdatePreferences,
} from '../../api/profile/preferences';
import { useFormOutcome } from './form-outcome';
import { FormOutcome } from './profile-section';

const CHECKBOX = 'size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600';

/**
 * "Preferencias" (issue 20's, given a screen here): the time zone the caller's days are read in,
 * the reminder emails, the notice of a customer's mail (issue 35), and the calendar feed's secret
 * address, shown only once when created.
 * Each control saves when changed.
 */
export function PreferencesSection() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const createFeed = useCreateCalendarFeed();
  const revokeFeed = useRevokeCalendarFeed();
  const result = useFormOutcome();
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const zoneId = useId();
  const feedId = useId();

  if (hasFailed(preferences)) {
    return (
      <LoadError
        message={preferences.error?.message ?? SESSION_MESSAGES.fetchFailed}
        onRetry={() => void preferences.refetch()}
        retrying={preferences.isFetching}
      />
    );
  }
  if (preferences.data === undefined) return <LoadingText />;
  const {
    timeZone,
    effectiveTimeZone,
    emailDigest,
    emailReminders,
    emailCustomerMail,
    calendarFeed,
  } = preferences.data;

  const save = (body: UpdatePreferencesBody) => {
    result.clear();
    update.mutate(body, {
      onSuccess: () => result.succeeded(PROFILE_LABELS.preferencesSaved),
      onError: result.failed,
    });
  };

  const onCreateFeed = () => {
    result.clear();
    createFeed.mutate(undefined, {
      onSuccess: ({ url }) => setFeedUrl(url),
      onError: result.failed,
    });
  };

  const onRevokeFeed = () => {
    result.clear();
    revokeFeed.mutate(undefined, {
      onSuccess: () => {
        setFeedUrl(null);
        result.succeeded(PROFILE_LABELS.calendarFeedRevoked);
      },
      onError: result.failed,
    });
  };

  const feedBusy = createFeed.isPending || revokeFeed.isPending;
  // The browser's zone first (issue 33); "La del sistema" only while none is set (the web sets the
  // browser's on the first sign-in, api/preferences/adopt-time-zone.ts).
  const detected = detectedTimeZone();

  return (
    <div className="space-y-5">
      <FormField id={zoneId} label={PROFILE_LABELS.timeZone} className="sm:max-w-sm">
        <Select
          id={zoneId}
          value={timeZone ?? ''}
          disabled={update.isPending}
          aria-describedby={`${zoneId}-effective`}
          onChange={(event) => save({ timeZone: event.target.value || null })}
        >
          {timeZone === null ? <option value="">{PROFILE_LABELS.defaultTimeZone}</option> : null}
          {detected ? (
            <option value={detected}>{PROFILE_LABELS.browserTimeZone(detected)}</option>
          ) : null}
          {TIME_ZONES.filter((zone) => zone !== detected).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Select>
        <p id={`${zoneId}-effective`} className="mt-1 text-xs text-slate-600">
          {PROFILE_LABELS.effectiveTimeZone(effectiveTimeZone)}
        </p>
      </FormField>

      <fieldset className="space-y-2">
        <legend className="sr-only">{PROFILE_LABELS.preferences}</legend>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={emailDigest}
            disabled={update.isPending}
            onChange={(event) => save({ emailDigest: event.target.checked })}
          />
          {PROFILE_LABELS.emailDigest}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={emailReminders}
            disabled={update.isPending}
            onChange={(event) => save({ emailReminders: event.target.checked })}
          />
          {PROFILE_LABELS.emailReminders}
        </label>
        {/* Issue 35: a mail when a customer writes to one of the caller's requests (opt-in). */}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={emailCustomerMail}
            disabled={update.isPending}
            onChange={(event) => save({ emailCustomerMail: event.target.checked })}
          />
          {PROFILE_LABELS.emailCustomerMail}
        </label>
      </fieldset>

      <div className="space-y-2 border-t border-slate-100 pt-4">
        <h3 className="text-sm font-semibold text-slate-900">{PROFILE_LABELS.calendarFeed}</h3>
        <p className="text-sm text-slate-600">{PROFILE_LABELS.calendarFeedHelp}</p>
        {/* Only while the feed lives: closing the other sessions or a new password revokes it. */}
        {feedUrl && calendarFeed ? (
          <FormField id={feedId} label={PROFILE_LABELS.calendarFeedOnce}>
            <TextInput
              id={feedId}
              readOnly
              value={feedUrl}
              onFocus={(event) => event.target.select()}
            />
          </FormField>
        ) : calendarFeed ? (
          <p className="text-sm text-slate-800">{PROFILE_LABELS.calendarFeedActive}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={feedBusy} onClick={onCreateFeed}>
            {calendarFeed ? PROFILE_LABELS.replaceCalendarFeed : PROFILE_LABELS.createCalendarFeed}
          </Button>
          {calendarFeed ? (
            <Button variant="ghost" disabled={feedBusy} onClick={onRevokeFeed}>
              {PROFILE_LABELS.revokeCalendarFeed}
            </Button>
          ) : null}
        </div>
      </div>
      <FormOutcome outcome={result.outcome} />
    </div>
  );
}
