// The door of requests/board: /main/requests, its columns, toolbar (filters, search), drag and
// drop (`drag/`) and keyboard (`keyboard/`).
export { RequestsBoard } from './requests-board';
