import { ADMIN_ROLE, AUDIT_ALERT_MAIL, AUDIT_ALERTS, AUDIT_PATH } from '@crm/shared';
import type { AppContext } from '../context.js';
import { appUrlOf, queueMail } from '../mail/index.js';
import type { AuditEntryDoc } from './audit.model.js';

/*
 * Mails to every system admin (issue 32), through the app's one mail path (mail/'s outbox,
 * asked directly since issue 34, as an account mail: same kind and keys as before), keyed by the
 * entry that crossed the line, so a retried or repeated check sends nothing twice:
 *
 * - an export of more than AUDIT_ALERTS.exportRows rows: one mail per such export;
 * - more than AUDIT_ALERTS.deletedRequests requests deleted by one user within an hour: one
 *   mail per crossing. The entries of that user's deletions are ordered by (at, _id); the
 *   entry whose running total over the hour before it passes the line is the crossing, and
 *   only it alerts. The deletions after it, within the hour, stay above the line and say
 *   nothing; once the hour's total has fallen back to the line or below, the next crossing
 *   alerts again.
 */

async function mailAdmins(
  ctx: AppContext,
  entry: AuditEntryDoc,
  subject: string,
  text: string,
): Promise<void> {
  const admins = await ctx.users.withRole(ADMIN_ROLE);
  await Promise.all(
    admins.map((admin) =>
      queueMail(ctx, {
        key: `account:audit-alert:${entry._id.toHexString()}:${admin.id}`,
        kind: 'account',
        to: admin.email,
        content: { subject, text, html: '' },
      }),
    ),
  );
}

const whoOf = (entry: AuditEntryDoc) =>
  entry.actorName
    ? `${entry.actorName} (${entry.actorEmail})`
    : entry.actorEmail || AUDIT_ALERT_MAIL.someone;

/** The requests `entry`'s actor deleted within the hour up to it, it included. */
async function deletedWithinHour(ctx: AppContext, entry: AuditEntryDoc): Promise<number> {
  const since = new Date(entry.at.getTime() - AUDIT_ALERTS.deletionWindowMs);
  const [total] = await ctx.models.AuditEntry.aggregate<{ total: number }>([
    {
      $match: {
        actorId: entry.actorId,
        at: { $gte: since, $lte: entry.at },
        deleted: { $gt: 0 },
        $or: [{ at: { $lt: entry.at } }, { at: entry.at, _id: { $lte: entry._id } }],
      },
    },
    { $group: { _id: null, total: { $sum: '$deleted' } } },
  ]);
  return total?.total ?? 0;
}

/** Sends the alerts `entry` calls for, if any. */
export async function alertOn(ctx: AppContext, entry: AuditEntryDoc): Promise<void> {
  if (!ctx.config.mail.smtpUrl) return;
  const url = `${appUrlOf(ctx)}${AUDIT_PATH}`;
  const rows = (entry.details as Record<string, unknown> | undefined)?.rows;
  if (entry.action === 'requests.exported' && typeof rows === 'number') {
    if (rows > AUDIT_ALERTS.exportRows) {
      await mailAdmins(
        ctx,
        entry,
        AUDIT_ALERT_MAIL.alertExportSubject,
        AUDIT_ALERT_MAIL.alertExportText(whoOf(entry), rows, url),
      );
    }
    return;
  }
  if (entry.deleted > 0 && entry.actorId) {
    const total = await deletedWithinHour(ctx, entry);
    const before = total - entry.deleted;
    if (before <= AUDIT_ALERTS.deletedRequests && total > AUDIT_ALERTS.deletedRequests) {
      await mailAdmins(
        ctx,
        entry,
        AUDIT_ALERT_MAIL.alertDeletionSubject,
        AUDIT_ALERT_MAIL.alertDeletionText(whoOf(entry), total, url),
      );
    }
  }
}
