import { toast } from 'react-toastify';
import { NOTICE_OPTIONS } from '@crm/shared';

/** Notices of §8, with the options of §9 (also set on the container). */
export const notify = {
  success: (message: string) => toast.success(message, NOTICE_OPTIONS),
  error: (message: string) => toast.error(message, NOTICE_OPTIONS),
};
