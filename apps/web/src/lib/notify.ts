import { createElement } from 'react';
import { toast } from 'react-toastify';
import { NOTICE_OPTIONS } from '@crm/shared';
import { langOf } from './lang';

/** The message, marked lang="en" when the spec words it in English (the page is Spanish). */
const content = (message: string) => createElement('span', { lang: langOf(message) }, message);

/** Notices of §8, with the options of §9 (also set on the container). */
export const notify = {
  success: (message: string) => toast.success(content(message), NOTICE_OPTIONS),
  error: (message: string) => toast.error(content(message), NOTICE_OPTIONS),
};
