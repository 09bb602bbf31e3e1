import { api, API_MESSAGES } from '@crm/shared';
import { db } from './db';
import { fail, fake } from './http';

// The product settings (settings-endpoints).

// The product settings (issue 20), as settings.service.ts answers: every role reads them, a
// system admin (the contract's access) changes them from the version read (409 with `current`).
export const settingsRoutes = [
  fake(api.settings.get, () => structuredClone(db.settings)),

  fake(api.settings.update, ({ input }) => {
    const { staleDays, lostReasons, winProbability, version } = input.body;
    if (version !== db.settings.version) {
      return fail(409, API_MESSAGES.settingsConflict, undefined, {
        settings: structuredClone(db.settings),
      });
    }
    db.settings = {
      staleDays: { ...staleDays },
      lostReasons: [...lostReasons],
      winProbability: { ...winProbability },
      currency: db.settings.currency,
      version: version + 1,
    };
    return structuredClone(db.settings);
  }),
];
