import type { User } from '@crm/shared';
import { fullName } from '../../../lib/format';

// The users screen lists the one answer of GET /api/user/all (§7) that the app already holds
// (the board's executives come from it too). People are tens, not thousands, so the search and
// the order are worked out here on every keystroke rather than asked of the API (issue 25): no
// new endpoint, no round trip, and the same answer serves both.

const USER_SORT_KEYS = ['name', 'email', 'role'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/** What the URL says of the list: `?q=` (the search), `sort=` and `dir=` (its order). */
export type UsersView = { q: string; sort: UserSortKey; dir: SortDirection };

/** By name, A to Z: left out of the URL. */
const DEFAULT_USERS_VIEW: UsersView = { q: '', sort: 'name', dir: 'asc' };

const isSortKey = (value: string | null): value is UserSortKey =>
  USER_SORT_KEYS.some((key) => key === value);

/** The view a URL states; a value it can't be (a mistyped link) falls back to the default. */
export function readUsersView(params: URLSearchParams): UsersView {
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    sort: isSortKey(sort) ? sort : DEFAULT_USERS_VIEW.sort,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
  };
}

/** The URL's search with `changes` applied; defaults and an empty search leave it. */
export function writeUsersView(
  params: URLSearchParams,
  changes: Partial<UsersView>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const isDefault = value === '' || value === DEFAULT_USERS_VIEW[key as keyof UsersView];
    if (isDefault) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** Text as a search compares it: lower case, accents off ("José" and "jose" are equal). */
function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');
}

/**
 * Whether `user` answers the search: every word of it is somewhere in the full name or the email,
 * so "garcia ana" finds Ana García as "ana garc" does.
 */
function matchesUser(user: User, query: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const text = foldText(`${fullName(user)} ${user.email}`);
  return words.every((word) => text.includes(word));
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** What each column sorts by: the text the row shows in it. */
const SORT_TEXT: Record<UserSortKey, (user: User) => string> = {
  name: fullName,
  email: (user) => user.email,
  role: (user) => user.role,
};

/** Ties (two vendors) fall back to the name, then the email, so the order never jitters. */
function compareUsers(sort: UserSortKey, dir: SortDirection) {
  const sign = dir === 'asc' ? 1 : -1;
  return (a: User, b: User) =>
    sign *
    (collator.compare(SORT_TEXT[sort](a), SORT_TEXT[sort](b)) ||
      collator.compare(fullName(a), fullName(b)) ||
      collator.compare(a.email, b.email));
}

/** The rows to show: those the search finds, in the chosen order. */
export function usersInView(users: readonly User[], view: UsersView): User[] {
  const found = view.q ? users.filter((user) => matchesUser(user, view.q)) : [...users];
  return found.sort(compareUsers(view.sort, view.dir));
}
