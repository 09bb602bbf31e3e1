// A request's mails (issue 35): the "Correos" section of the request window.
export { EmailsSection, type EmailsSectionProps } from './emails-section';
