import { APP_LABELS } from '@crm/shared';
/** The product logo: a small kanban mark. */
export function Logo({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} role="img" aria-label={APP_LABELS.logo}>
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M8 9h5v14H8zM14.5 9h5v9h-5zM21 9h3v5h-3z" fill="#fff" />
    </svg>
  );
}
