// The door of requests/request-editor: the Create Request modal and the Edit Request modal
// (its route /main/requests/:requestId, fields, three-way merge and conflict panel).
export { CreateRequestModal } from './create-request-modal';
export { EditRequestRoute } from './edit-request-route';
// Issue 33: the window's form is a lazy chunk; the board fetches it ahead once it has painted.
export { usePreloadRequestWindow } from './edit-request-modal';
