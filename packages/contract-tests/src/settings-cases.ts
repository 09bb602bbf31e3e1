import {
  ADMIN_ROLE,
  API_MESSAGES,
  DEFAULT_STALE_DAYS,
  FIELD_MESSAGES,
  MAX_STALE_DAYS,
  api,
  type Settings,
} from '@crm/shared';
import type { ContractCase } from './client.js';
import { fieldError } from './fixtures.js';

/** The product settings (issue 20): every role reads them, a system admin changes them. */

const CHANGED = { ...DEFAULT_STALE_DAYS, contacted: 3, 'follow up': null };

export const settingsContractCases: ContractCase[] = [
  {
    name: 'settings.update: an admin saves from the version read (+1), every role reads it; a stale version is 409 with the settings now',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const driver = await c.signIn('driver');
      const read = await c.call(api.settings.get, {}, driver.token);
      expect(read).toEqual({
        status: 200,
        body: { staleDays: expect.any(Object), version: expect.any(Number) },
      });
      const { version } = read.body as Settings;

      const saved = await c.call(
        api.settings.update,
        { body: { staleDays: CHANGED, version } },
        admin.token,
      );
      const now = { staleDays: CHANGED, version: version + 1 };
      expect(saved).toEqual({ status: 200, body: now });
      expect(await c.call(api.settings.get, {}, driver.token)).toEqual({ status: 200, body: now });

      const stale = await c.call(
        api.settings.update,
        { body: { staleDays: DEFAULT_STALE_DAYS, version } },
        admin.token,
      );
      expect(stale).toEqual({
        status: 409,
        body: { message: API_MESSAGES.settingsConflict, current: { settings: now } },
      });

      // Back to the defaults, for whatever reads them next.
      const restored = await c.call(
        api.settings.update,
        { body: { staleDays: DEFAULT_STALE_DAYS, version: now.version } },
        admin.token,
      );
      expect(restored).toEqual({
        status: 200,
        body: { staleDays: DEFAULT_STALE_DAYS, version: now.version + 1 },
      });
    },
  },
  {
    name: 'settings.update: only a system admin (403); a bad limit is 400 naming its stage',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const { version } = (await c.call(api.settings.get, {}, vendor.token)).body as Settings;
      const body = { staleDays: DEFAULT_STALE_DAYS, version };
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
      // Nothing was saved by either.
      expect(await c.call(api.settings.get, {}, vendor.token)).toEqual({
        status: 200,
        body: { staleDays: expect.any(Object), version },
      });
    },
  },
];
