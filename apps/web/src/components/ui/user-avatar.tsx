import { initials } from '../../lib/format';

export type UserAvatarProps = {
  person: { name: string; lastName: string; photo?: string };
  /** Size and colours of the circle (initials show on its background). */
  className?: string;
};

/**
 * A person's round avatar (issue 23): their photo when they have one, else their initials as
 * before. Decorative: the name is always written beside it, so the picture has no name of its
 * own (alt="", aria-hidden).
 */
export function UserAvatar({
  person,
  className = 'size-10 bg-indigo-100 text-sm font-semibold text-indigo-700',
}: UserAvatarProps) {
  return (
    <span
      aria-hidden
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded-full ${className}`}
    >
      {person.photo ? (
        <img src={person.photo} alt="" className="size-full object-cover" />
      ) : (
        initials(person)
      )}
    </span>
  );
}
