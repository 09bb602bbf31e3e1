// The door of the audit feature (/main/settings/audit "Registro de auditoría", system admin only,
// issue 32), reached from Ajustes. Its own chunk, loaded when first shown, with the audit
// endpoints' declarations (apps/web/scripts/check-budgets.mjs).
import { lazy } from 'react';

export const AuditPage = lazy(() =>
  import('./audit-page').then((module) => ({ default: module.AuditPage })),
);
