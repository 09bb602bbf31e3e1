import { lazy, Suspense } from 'react';
import type { LogActivityDialogProps } from './log-activity-dialog';

// Issue 33's "Registrar actividad": a chunk of its own, loaded when first opened
// (apps/web/scripts/check-budgets.mjs, LAZY_PARTS), so the board's first visit doesn't carry it.
const Dialog = lazy(() =>
  import('./log-activity-dialog').then((module) => ({ default: module.LogActivityDialog })),
);

/** The "Registrar actividad" dialog, loaded on first use (nothing shows meanwhile). */
export function LogActivityDialog(props: LogActivityDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
