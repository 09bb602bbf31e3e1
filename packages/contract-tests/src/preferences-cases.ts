import { FIELD_MESSAGES, api } from '@crm/shared';
import type { ExpectStatic } from 'vitest';
import type { ContractCase } from './client.js';
import { anyString, fieldError } from './fixtures.js';

/** The caller's own preferences (issue 20): zone, reminder emails, calendar feed. */

/** A user's preferences before they change any. */
const defaultPreferences = (expect: ExpectStatic) => ({
  timeZone: null,
  effectiveTimeZone: anyString(expect),
  emailDigest: true,
  emailReminders: true,
  emailCustomerMail: false,
  calendarFeed: false,
});

export const preferencesContractCases: ContractCase[] = [
  {
    name: 'preferences.get and update: defaults; only the fields sent change; a null zone resets; a bad zone is 400 naming it',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const other = await c.signIn('driver');
      const defaults = defaultPreferences(expect);
      expect(await c.call(api.preferences.get, {}, token)).toEqual({
        status: 200,
        body: defaults,
      });
      const changed = {
        timeZone: 'Europe/Madrid',
        effectiveTimeZone: 'Europe/Madrid',
        emailDigest: false,
        emailReminders: true,
        emailCustomerMail: true,
        calendarFeed: false,
      };
      expect(
        await c.call(
          api.preferences.update,
          { body: { timeZone: 'Europe/Madrid', emailDigest: false, emailCustomerMail: true } },
          token,
        ),
      ).toEqual({ status: 200, body: changed });
      expect(await c.call(api.preferences.get, {}, token)).toEqual({ status: 200, body: changed });
      expect(await c.call(api.preferences.get, {}, other.token)).toEqual({
        status: 200,
        body: defaults,
      });
      expect(await c.call(api.preferences.update, { body: { timeZone: null } }, token)).toEqual({
        status: 200,
        body: { ...changed, ...defaults, emailDigest: false, emailCustomerMail: true },
      });
      expect(
        await c.call(api.preferences.update, { body: { timeZone: 'Mars/Olympus' } }, token),
      ).toEqual(fieldError(400, 'timeZone', FIELD_MESSAGES.timeZoneInvalid));
    },
  },
  {
    name: 'preferences.createCalendarFeed and revokeCalendarFeed: an address with a 43-character secret; revoked, no feed',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const created = await c.call(api.preferences.createCalendarFeed, {}, token);
      expect(created).toEqual({
        status: 201,
        body: { url: expect.stringMatching(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/) as unknown },
      });
      const again = await c.call(api.preferences.createCalendarFeed, {}, token);
      expect((again.body as { url: string }).url).not.toBe((created.body as { url: string }).url);
      expect(await c.call(api.preferences.get, {}, token)).toMatchObject({
        status: 200,
        body: { calendarFeed: true },
      });
      expect(await c.call(api.preferences.revokeCalendarFeed, {}, token)).toEqual({
        status: 200,
        body: defaultPreferences(expect),
      });
    },
  },
];
