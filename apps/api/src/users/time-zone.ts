import type { AppContext } from '../context.js';

/**
 * The zone a user's days are read in (issue 20): their own preference, else APP_TIME_ZONE. The
 * agenda's ranges, the bell, the board's "Próxima acción" and the morning digest use it.
 */
export async function timeZoneOf(ctx: AppContext, userId: string): Promise<string> {
  const user = await ctx.models.User.findById(userId, 'timeZone').lean<{
    timeZone?: string | null;
  }>();
  return user?.timeZone || ctx.config.timeZone;
}
