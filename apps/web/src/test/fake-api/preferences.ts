import { api, systemTimeZone, type EndpointResponse } from '@crm/shared';
import { fake } from './http';

// The caller's preferences and calendar feed (preferences-endpoints).

// The caller's own preferences and calendar feed (issue 20), as preferences.service.ts answers:
// kept per user id (ids are never reused, so nothing needs resetting between tests); the
// feed's secret is 32 random bytes in base64url, shown once, and only whether it exists is kept.
type FakePreferences = EndpointResponse<typeof api.preferences.get>;
const fakePreferences = new Map<string, Omit<FakePreferences, 'effectiveTimeZone'>>();

function preferencesOf(userId: string): FakePreferences {
  const stored = fakePreferences.get(userId) ?? {
    timeZone: null,
    emailDigest: true,
    emailReminders: true,
    // Issue 35: opt-in, as preferences.service.ts.
    emailCustomerMail: false,
    calendarFeed: false,
  };
  return { ...stored, effectiveTimeZone: stored.timeZone ?? systemTimeZone() };
}

/** Also what tests seed a person's preferences with (issue 33: a zone other than the browser's). */
export function savePreferences(
  userId: string,
  changes: Partial<FakePreferences>,
): FakePreferences {
  const { effectiveTimeZone: _effective, ...current } = preferencesOf(userId);
  fakePreferences.set(userId, { ...current, ...changes });
  return preferencesOf(userId);
}

export const calendarSecret = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const preferenceRoutes = [
  fake(api.preferences.get, ({ user }) => preferencesOf(user._id)),

  fake(api.preferences.update, ({ input, user }) => {
    const changes = Object.fromEntries(
      Object.entries(input.body).filter(([, value]) => value !== undefined),
    );
    return savePreferences(user._id, changes);
  }),

  fake(api.preferences.createCalendarFeed, ({ user, request }) => {
    savePreferences(user._id, { calendarFeed: true });
    return { url: `${new URL(request.url).origin}/api/calendar/${calendarSecret()}.ics` };
  }),

  fake(api.preferences.revokeCalendarFeed, ({ user }) =>
    savePreferences(user._id, { calendarFeed: false }),
  ),
];
