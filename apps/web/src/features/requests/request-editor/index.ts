// The door of requests/request-editor: the Create Request modal and the Edit Request modal
// (its route /main/requests/:requestId, fields, three-way merge and conflict panel).
export { CreateRequestModal } from './create-request-modal';
export { EditRequestRoute } from './edit-request-route';
