import {
  DEFAULT_TWO_FACTOR_POLICY,
  TWO_FACTOR_LOGIN_LABELS,
  twoFactorPolicySchema,
  type TwoFactorPolicy,
} from '@crm/shared';
import type { AppContext } from '../context.js';

/*
 * Ajustes' "Exigir verificación en dos pasos" (issue 32): who must use a second factor, and the
 * grace in days. A document of its own in the settings collection, apart from the settings the
 * board reads (SETTINGS_ID and its version): saved by its own button, last write wins. `since`
 * is when who it applies to last changed; a user's grace counts from their first sign-in after
 * it (auth/two-factor.service.ts).
 */
const POLICY_ID = 'two-factor';

type StoredPolicy = { require?: unknown; graceDays?: unknown; since?: Date | null };

/** The requirement as sign-in reads it: the policy and since when it applies as it does. */
export type TwoFactorRequirementNow = TwoFactorPolicy & { since: Date };

const read = (ctx: AppContext) =>
  ctx.models.Settings.collection.findOne<StoredPolicy>({ _id: POLICY_ID as never });

function policyOf(stored: StoredPolicy | null): TwoFactorPolicy {
  const policy = twoFactorPolicySchema.safeParse({
    require: stored?.require,
    graceDays: stored?.graceDays,
  });
  return policy.success ? policy.data : { ...DEFAULT_TWO_FACTOR_POLICY };
}

/** GET /api/settings/two-factor (system admin): as stored, else nobody and 7 days. */
export async function getTwoFactorPolicy(ctx: AppContext): Promise<TwoFactorPolicy> {
  return policyOf(await read(ctx));
}

/** What sign-in and Perfil need: the policy and since when it applies to whom it does. */
export async function twoFactorRequirement(ctx: AppContext): Promise<TwoFactorRequirementNow> {
  const stored = await read(ctx);
  return { ...policyOf(stored), since: stored?.since ?? new Date(0) };
}

/**
 * PUT /api/settings/two-factor (system admin: the contract's access). A change of who it applies
 * to moves `since`, so every grace starts again at the next sign-in; a change of the days alone
 * keeps the graces running.
 */
export async function updateTwoFactorPolicy(
  ctx: AppContext,
  policy: TwoFactorPolicy,
): Promise<TwoFactorPolicy> {
  const before = policyOf(await read(ctx));
  const moved = before.require !== policy.require ? { since: ctx.clock.now() } : {};
  await ctx.models.Settings.collection.updateOne(
    { _id: POLICY_ID as never },
    { $set: { require: policy.require, graceDays: policy.graceDays, ...moved } },
    { upsert: true },
  );
  ctx.audit.record({
    action: 'settings.changed',
    target: { kind: 'settings', id: POLICY_ID, label: TWO_FACTOR_LOGIN_LABELS.heading },
    details: { require: policy.require, graceDays: policy.graceDays },
  });
  return policy;
}
