import {
  ADMIN_ROLE,
  API_MESSAGES,
  DEFAULT_LOST_REASONS,
  DEFAULT_STALE_DAYS,
  DEFAULT_WIN_PROBABILITY,
  FIELD_MESSAGES,
  MAX_STALE_DAYS,
  api,
  type Settings,
} from '@crm/shared';
import type { ExpectStatic } from 'vitest';
import type { ContractCase } from './client.js';
import { fieldError } from './fixtures.js';

/**
 * The product settings (issue 20): every role reads them, a system admin changes them. Issue 21
 * adds the lost reasons and win probabilities (changed the same way) and the currency (read-only,
 * from APP_CURRENCY: CLP unless the installation says otherwise, as in these runs).
 */

const CHANGED = { ...DEFAULT_STALE_DAYS, contacted: 3, 'follow up': null };
const DEFAULTS = {
  staleDays: DEFAULT_STALE_DAYS,
  lostReasons: [...DEFAULT_LOST_REASONS],
  winProbability: DEFAULT_WIN_PROBABILITY,
};
const CHANGED_ALL = {
  staleDays: CHANGED,
  lostReasons: ['Precio', 'Sin presupuesto'],
  winProbability: { ...DEFAULT_WIN_PROBABILITY, 'quote sent': 50 },
};

/** A read of the settings at `version`, whatever they hold (other runs may have changed them). */
const settingsAt = (expect: ExpectStatic, version: unknown) => ({
  status: 200,
  body: {
    staleDays: expect.any(Object),
    lostReasons: expect.any(Array),
    winProbability: expect.any(Object),
    currency: 'CLP',
    version,
  },
});

export const settingsContractCases: ContractCase[] = [
  {
    name: 'settings.update: an admin saves from the version read (+1), every role reads it; a stale version is 409 with the settings now',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const driver = await c.signIn('driver');
      const read = await c.call(api.settings.get, {}, driver.token);
      expect(read).toEqual(settingsAt(expect, expect.any(Number)));
      const { version } = read.body as Settings;

      const saved = await c.call(
        api.settings.update,
        { body: { ...CHANGED_ALL, version } },
        admin.token,
      );
      const now = { ...CHANGED_ALL, currency: 'CLP', version: version + 1 };
      expect(saved).toEqual({ status: 200, body: now });
      expect(await c.call(api.settings.get, {}, driver.token)).toEqual({ status: 200, body: now });

      const stale = await c.call(
        api.settings.update,
        { body: { ...DEFAULTS, version } },
        admin.token,
      );
      expect(stale).toEqual({
        status: 409,
        body: { message: API_MESSAGES.settingsConflict, current: { settings: now } },
      });

      // Back to the defaults, for whatever reads them next.
      const restored = await c.call(
        api.settings.update,
        { body: { ...DEFAULTS, version: now.version } },
        admin.token,
      );
      expect(restored).toEqual({
        status: 200,
        body: { ...DEFAULTS, currency: 'CLP', version: now.version + 1 },
      });
    },
  },
  {
    name: 'settings.update: only a system admin (403); a bad limit, reasons list or probability is 400 naming it',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const { version } = (await c.call(api.settings.get, {}, vendor.token)).body as Settings;
      const body = { ...DEFAULTS, version };
      expect(await c.call(api.settings.update, { body }, vendor.token)).toEqual({
        status: 403,
        body: { message: API_MESSAGES.forbidden },
      });
      const bad = await c.call(
        api.settings.update,
        { body: { ...body, staleDays: { ...DEFAULT_STALE_DAYS, contacted: 0 } } },
        admin.token,
      );
      expect(bad).toEqual(
        fieldError(400, 'staleDays.contacted', FIELD_MESSAGES.staleDaysInvalid(MAX_STALE_DAYS)),
      );
      const noReasons = { ...body, lostReasons: [] };
      expect(await c.call(api.settings.update, { body: noReasons }, admin.token)).toEqual(
        fieldError(400, 'lostReasons', FIELD_MESSAGES.lostReasonsInvalid),
      );
      const twice = { ...body, lostReasons: ['Precio', 'precio '] };
      expect(await c.call(api.settings.update, { body: twice }, admin.token)).toEqual(
        fieldError(400, 'lostReasons', FIELD_MESSAGES.lostReasonsInvalid),
      );
      const overHundred = {
        ...body,
        winProbability: { ...DEFAULT_WIN_PROBABILITY, contacted: 101 },
      };
      expect(await c.call(api.settings.update, { body: overHundred }, admin.token)).toEqual(
        fieldError(400, 'winProbability.contacted', FIELD_MESSAGES.probabilityInvalid),
      );
      // Nothing was saved by either.
      expect(await c.call(api.settings.get, {}, vendor.token)).toEqual(settingsAt(expect, version));
    },
  },
];
