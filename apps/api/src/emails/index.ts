// The emails feature's door (issue 35): a request's mails, sent from it and filed into it.
export { emailsModels, type RequestEmailDoc } from './email.model.js';
export { emailsRoutes } from './emails.routes.js';
export { fileWaitingMail, sentMailNamedQuery } from './incoming.js';
export { mailboxJob, runMailbox } from './mailbox-job.js';
export { retryEmail, sendEmail } from './send-email.js';
export { forgetRequestEmails, listEmails, threadPageQuery } from './thread.js';
