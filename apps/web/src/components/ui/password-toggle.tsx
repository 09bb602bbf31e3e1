import { Eye, EyeOff } from 'lucide-react';
import { APP_LABELS } from '@crm/shared';

export type PasswordToggleProps = {
  visible: boolean;
  onToggle: () => void;
  className?: string;
};

/** The show/hide control of a password field (§2); one may serve two fields. */
export function PasswordToggle({ visible, onToggle, className = '' }: PasswordToggleProps) {
  const label = APP_LABELS.passwordToggle(visible);
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={label}
      aria-pressed={visible}
      title={label}
      className={`rounded-md p-1.5 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 ${className}`}
    >
      {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
    </button>
  );
}
