import { APP_LABELS, CARD_LABELS } from '@crm/shared';
import { UserPlus } from 'lucide-react';

export type CardAvatarProps = {
  /** The assigned user, or null when the request has no vendor. */
  owner: { initials: string; fullName: string; photo?: string } | null;
  assigned: boolean;
  /** A system admin's: only they assign executives (§6). */
  canAssign: boolean;
  onClick: () => void;
};

const ROUND = 'flex size-7 shrink-0 items-center justify-center rounded-full';
const UNASSIGNED = `${ROUND} bg-slate-200 text-slate-600 group-hover:bg-slate-300`;
/** Nobody assigned, for those who cannot assign: lighter, so it does not read as an action. */
const UNASSIGNED_PLAIN = `${ROUND} bg-slate-100 text-slate-500`;
const ASSIGNED = `${ROUND} overflow-hidden bg-indigo-600 text-[11px] font-semibold text-white group-hover:bg-indigo-500`;
/**
 * Around the circle, the part a finger hits: the circle's own size on a desktop, 44×44 px on a
 * phone (issue 25), the circle staying 28 px in its middle.
 */
const TARGET =
  'group flex size-7 shrink-0 items-center justify-center rounded-full max-md:size-11 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** The executive's photo (issue 23; named by the avatar around it), else their initials. */
function Face({ owner }: Pick<CardAvatarProps, 'owner'>) {
  return owner?.photo ? (
    <img src={owner.photo} alt="" className="size-full object-cover" />
  ) : (
    (owner?.initials ?? '?')
  );
}

/**
 * The round avatar at the bottom of a card (§2): an add-user icon on grey when the request has
 * no vendor, else the executive's initials. Clicking it opens the Edit Request modal.
 *
 * Shown honestly per role (§6): for a system admin, who assigns executives, it is a button. For
 * a vendor or a driver it is a plain picture named after the executive ("Ejecutivo: …" or
 * "Sin ejecutivo"): not a control they can't use, not a Tab stop (the card's edit icon opens the
 * modal from the keyboard); a click still opens the modal as §2 says.
 */
export function CardAvatar({ owner, assigned, canAssign, onClick }: CardAvatarProps) {
  const executive = owner ? `Ejecutivo: ${owner.fullName}` : 'Ejecutivo asignado';

  if (!canAssign) {
    const name = assigned ? executive : APP_LABELS.noVendor;
    return (
      <span role="img" aria-label={name} title={name} onClick={onClick} className={TARGET}>
        <span className={assigned ? ASSIGNED : UNASSIGNED_PLAIN}>
          {assigned ? <Face owner={owner} /> : <UserPlus className="size-3.5" aria-hidden />}
        </span>
      </span>
    );
  }

  if (!assigned) {
    return (
      <button
        type="button"
        onClick={onClick}
        aria-label={CARD_LABELS.assign(APP_LABELS.noVendor)}
        title={APP_LABELS.noVendor}
        className={TARGET}
      >
        <span className={UNASSIGNED}>
          <UserPlus className="size-3.5" aria-hidden />
        </span>
      </button>
    );
  }
  // The visible initials lead the name (WCAG 2.5.3, "label in name": speech users say "LP").
  const label = owner ? `${owner.initials}, ${executive}` : executive;
  return (
    <button type="button" onClick={onClick} aria-label={label} title={executive} className={TARGET}>
      <span className={ASSIGNED}>
        <Face owner={owner} />
      </span>
    </button>
  );
}
