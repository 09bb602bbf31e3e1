import type { AppContext } from '../context.js';

/**
 * A deleted user's photos (users.service.ts, issue 34: deleted here, as the photos are this
 * feature's): their addresses are public, so they go with the user. One deleteMany.
 */
export async function deletePhotosOf(ctx: AppContext, userId: string): Promise<void> {
  await ctx.models.Photo.deleteMany({ userId });
}
