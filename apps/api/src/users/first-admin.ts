import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE } from '@crm/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../http/app-error.js';
import { ConfigError } from '../config/env.js';
import { createUser } from './users.service.js';

export const GENERATED_ADMIN_EMAIL = 'admin@crm.local';

/** A random password that follows the §5 rule (lower, upper, one of .-#$!, 8+). */
function generatePassword(): string {
  return `Crm.${randomBytes(12).toString('hex')}X`;
}

/**
 * On an empty database, creates the first system admin: from ADMIN_EMAIL/ADMIN_PASSWORD,
 * else (outside production) with a generated password that the caller prints once.
 * Returns the credentials when it generated them.
 */
export async function ensureFirstAdmin(
  ctx: AppContext,
): Promise<{ email: string; password: string } | undefined> {
  if (await ctx.models.User.exists({})) return undefined;
  const configured = ctx.config.admin;
  if (!configured && ctx.config.env === 'production') {
    throw new ConfigError(
      'The database has no users: set ADMIN_EMAIL and ADMIN_PASSWORD for the first system admin',
    );
  }
  const credentials = configured ?? { email: GENERATED_ADMIN_EMAIL, password: generatePassword() };
  try {
    await createUser(ctx, {
      name: 'Admin',
      lastName: 'CRM',
      email: credentials.email,
      password: credentials.password,
      role: ADMIN_ROLE,
      photo: '',
    });
  } catch (error) {
    // Another API process starting at the same moment created it first.
    if (error instanceof AppError && error.status === 409) return undefined;
    throw error;
  }
  return configured ? undefined : credentials;
}
