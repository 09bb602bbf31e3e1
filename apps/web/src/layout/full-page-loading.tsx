import { APP_LABELS } from '@crm/shared';
import { EN } from '../lib/lang';

/** "Loading..." while the stored session is read (§2 start-up) or a screen loads. */
export function FullPageLoading() {
  return (
    <div
      role="status"
      {...EN}
      className="flex h-dvh items-center justify-center text-sm text-slate-600"
    >
      {APP_LABELS.loading}
    </div>
  );
}
