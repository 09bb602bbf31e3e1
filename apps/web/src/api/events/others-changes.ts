import { useCallback, useSyncExternalStore } from 'react';
import type { Request } from '@crm/shared';

/*
 * Issue 36: what the live stream tells the request window about someone else's changes, apart
 * from the caches both read: which stored copy of a request came from another person (their
 * name), and which requests another person deleted. The window then says so, and keeps what is
 * typed until its user asks for their version.
 */

/** The person behind a change; null: the system (a website lead, the mailbox, a deleted user). */
export type OtherPerson = { name: string | null };

/** Copies as the cache stored them, each with who made it: a copy of this tab's is not here. */
const othersCopies = new WeakMap<Request, OtherPerson>();

export const markOthersCopy = (copy: Request, person: OtherPerson) =>
  othersCopies.set(copy, person);

/** Who else made this copy of a request, if someone else did. */
export const othersChangeOf = (copy: Request): OtherPerson | undefined => othersCopies.get(copy);

const deletedByOthers = new Map<string, OtherPerson>();
const listeners = new Set<() => void>();

/** Another person deleted a request this tab holds. */
export function markDeletedByOther(id: string, person: OtherPerson) {
  deletedByOthers.set(id, person);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Who deleted the request while it was open here, once someone else has. */
export function useDeletedByOther(id: string): OtherPerson | undefined {
  const read = useCallback(() => deletedByOthers.get(id), [id]);
  return useSyncExternalStore(subscribe, read);
}
