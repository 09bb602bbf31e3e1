import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { DatabaseUnavailableError, isConnected } from '../db/availability.js';
import { implement } from '../http/endpoint.js';

/** A ping that takes longer than this counts as "database not reachable". */
const READY_PING_TIMEOUT_MS = 2_000;

async function pingDatabase(ctx: AppContext): Promise<boolean> {
  const db = ctx.connection.db;
  if (!db || !isConnected(ctx.connection)) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.command({ ping: 1 }).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (`/health`: the process answers) and readiness (`/ready`: it can reach its database).
 * Orchestrators restart on the first and route traffic on the second.
 */
export function healthRoutes(ctx: AppContext): Router {
  return implement(ctx, api.operations, {
    health: () => ({ status: 'ok' as const }),
    ready: async () => {
      if (!(await pingDatabase(ctx))) throw new DatabaseUnavailableError();
      return { status: 'ready' as const };
    },
  });
}
