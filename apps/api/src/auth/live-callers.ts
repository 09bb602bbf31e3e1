import type { AppContext } from '../context.js';
import type { AuthUser } from './authenticate.js';

/**
 * Of these callers (open streams, issue 36), the keys of those still signed in: their session
 * is still stored (logout, "Cerrar sesión", a password change delete it) or their API token is
 * still there and in date (a revocation deletes it). One read of each collection for all of
 * them, whatever their number: the stream hub asks every second, not per stream.
 */
export async function liveCallers(
  ctx: Pick<AppContext, 'models' | 'clock'>,
  callers: readonly AuthUser[],
): Promise<Set<string>> {
  const tokenIds = callers.flatMap((caller) => (caller.apiToken ? [caller.apiToken.id] : []));
  const jtis = callers.flatMap((caller) => (caller.apiToken ? [] : [caller.jti]));
  // A session lapses by the machine's clock (its token's exp), a token by the app's (api-tokens.ts).
  const now = new Date();
  const [sessions, tokens] = await Promise.all([
    jtis.length === 0
      ? []
      : ctx.models.Session.find({ _id: { $in: jtis }, expiresAt: { $gt: now } }, { _id: 1 }).lean(),
    tokenIds.length === 0
      ? []
      : ctx.models.ApiToken.find(
          {
            _id: { $in: tokenIds },
            $or: [{ expiresAt: null }, { expiresAt: { $gt: ctx.clock.now() } }],
          },
          { _id: 1 },
        ).lean(),
  ]);
  return new Set([...sessions, ...tokens].map((doc) => String(doc._id)));
}

/** The key liveCallers answers for a caller: its token's id, else its session's. */
export const callerKey = (caller: AuthUser): string => caller.apiToken?.id ?? caller.jti;
