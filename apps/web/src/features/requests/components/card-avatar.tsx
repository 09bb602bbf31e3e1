import { UserPlus } from 'lucide-react';
import { LABELS } from '../../../lib/labels';

export type CardAvatarProps = {
  /** The assigned user, or null when the request has no vendor. */
  owner: { initials: string; fullName: string } | null;
  assigned: boolean;
  onClick: () => void;
};

/** The round avatar at the bottom of a card (§2); clicking it opens the Edit Request modal. */
export function CardAvatar({ owner, assigned, onClick }: CardAvatarProps) {
  if (!assigned) {
    return (
      <button
        type="button"
        onClick={onClick}
        aria-label={`${LABELS.noVendor}: asignar`}
        title={LABELS.noVendor}
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-500 hover:bg-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <UserPlus className="size-3.5" aria-hidden />
      </button>
    );
  }
  const label = owner ? `Ejecutivo: ${owner.fullName}` : 'Ejecutivo asignado';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-[11px] font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {owner?.initials ?? '?'}
    </button>
  );
}
