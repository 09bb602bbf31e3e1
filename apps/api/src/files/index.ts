// The files feature's door (issue 35): a request's "Archivos", uploaded or received by mail.
export { filesModels } from './file.model.js';
export { filesRoutes } from './files.routes.js';
export { filesPageQuery, forgetRequestFiles } from './files.service.js';
export {
  attachToMail,
  discardMailAttachments,
  fileMailAttachments,
  keepMailAttachments,
  mailAttachmentsOf,
  type KeptAttachment,
  type ReceivedAttachment,
} from './mail-files.js';
