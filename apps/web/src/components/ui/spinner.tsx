import { LoaderCircle } from 'lucide-react';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  return (
    <LoaderCircle
      className={`size-4 animate-spin ${className}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
