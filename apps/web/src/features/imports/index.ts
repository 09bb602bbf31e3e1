// The imports feature's door (issue 24): the board's "Importar" dialog, loaded lazily by the
// board's toolbar (its own chunk: apps/web/scripts/check-budgets.mjs, LAZY_PARTS).
export { ImportDialog, type ImportDialogProps } from './import-dialog';
export { ImportFollower } from './import-follower';
