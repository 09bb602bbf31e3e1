import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { accountModels } from './account/index.js';
import { auditModels, recordAudit } from './audit/index.js';
import { accessGuards, authModels } from './auth/index.js';
import { boardViewsModels } from './board-views/index.js';
import { captchaModels } from './captcha/index.js';
import type { AppConfig } from './config/env.js';
import type { AppContext, Clock, Models } from './context.js';
import { ensureIndexes } from './db/indexes.js';
import { lockModels } from './db/lock.js';
import { importsModels } from './imports/index.js';
import { emailsModels, forgetRequestEmails } from './emails/index.js';
import { eventsModels } from './events/index.js';
import { filesModels, forgetRequestFiles, mailAttachmentsOf } from './files/index.js';
import { inboxModels } from './inbox/index.js';
import { leadsModels } from './leads/index.js';
import { mailModels } from './mail/index.js';
import { photoModels } from './profile/index.js';
import { backfillStageChangedAt, backfillStageVisits, requestsModels } from './requests/index.js';
import { settingsModels } from './settings/index.js';
import { userDirectory, usersModels } from './users/index.js';
import { webhooksModels } from './webhooks/index.js';

/**
 * Every feature's models on one connection: a feature with models of its own declares them in
 * context.ts's `Models` (beside its schemas) and adds one line here; the return type makes the
 * compiler check that each declared model is registered.
 */
function registerModels(connection: Connection): Models {
  return {
    ...lockModels(connection),
    ...authModels(connection),
    ...captchaModels(connection),
    ...usersModels(connection),
    ...accountModels(connection),
    ...requestsModels(connection),
    ...leadsModels(connection),
    ...mailModels(connection),
    ...settingsModels(connection),
    ...boardViewsModels(connection),
    ...photoModels(connection),
    ...importsModels(connection),
    ...inboxModels(connection),
    ...emailsModels(connection),
    ...filesModels(connection),
    ...auditModels(connection),
    ...eventsModels(connection),
    ...webhooksModels(connection),
  };
}

/** The machine's clock: a new object per app, so that moving one app's time moves no other's. */
export const systemClock = (): Clock => ({ now: () => new Date() });

/**
 * The context of one app instance (see context.ts), its indexes built and its stored data brought
 * up to date (idempotent backfills) before it serves. `clock`: the machine's unless a test or a
 * script passes another.
 */
export async function createContext(
  connection: Connection,
  config: AppConfig & { jwtSecret: string },
  logger: Logger,
  clock: Clock = systemClock(),
): Promise<AppContext> {
  const models = registerModels(connection);
  await ensureIndexes(connection, logger);
  // The users first: auth/'s checks read a session's user through them.
  const ctx = { config, connection, models, logger, clock, users: userDirectory(models) };
  const context: AppContext = {
    ...ctx,
    access: accessGuards(ctx),
    audit: { record: (entry) => recordAudit(context, entry) },
    requestData: {
      forget: async (requestId) => {
        await forgetRequestEmails(context, requestId);
        await forgetRequestFiles(context, requestId);
      },
    },
    mailFiles: { open: (fileIds) => mailAttachmentsOf(context, fileIds) },
  };
  await backfillStageChangedAt(context);
  // From the same history: a request's last ended stay ends where its stageChangedAt begins.
  await backfillStageVisits(context);
  return context;
}
