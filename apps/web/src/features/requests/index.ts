// The door of the requests feature (/main/requests): what app/, layout/ and agenda/ use. Inside
// it, each sub-feature (board, card, request-editor, notes, history, shared) has its own door.
export { RequestsBoard } from './board';
export { BOARD_PATH } from './shared';
export { EditRequestRoute } from './request-editor';
export { ActivitySummary, COMPLETE_CONTROL, useCompleteActivity } from './activities';
// Issue 33: "Registrar actividad", the Agenda's header opens it too.
export { LogActivityDialog } from './activities';
