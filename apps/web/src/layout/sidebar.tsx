import { NavLink } from 'react-router-dom';
import {
  CalendarDays,
  House,
  KanbanSquare,
  LogOut,
  Settings,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { AGENDA_LABELS, SETTINGS_LABELS, type User, APP_LABELS } from '@crm/shared';
import { useLogout } from '../api/session/logout';
import { Logo } from '../components/ui/logo';
import { Spinner } from '../components/ui/spinner';
import { UserAvatar } from '../components/ui/user-avatar';
import { AGENDA_PATH } from '../features/agenda';
import { SETTINGS_PATH } from '../features/settings';
import { EN } from '../lib/lang';
import { AgendaBell } from './agenda-bell';

type NavItem = { to: string; label: string; icon: LucideIcon; adminOnly?: boolean };

/** Sidebar links of §2, in its order, then issue 20's agenda (everyone) and settings (admin). */
const NAV_ITEMS: readonly NavItem[] = [
  { to: '/main/home', label: APP_LABELS.home, icon: House },
  { to: '/main/profile', label: APP_LABELS.profile, icon: UserRound },
  { to: '/main/users', label: APP_LABELS.users, icon: Users, adminOnly: true },
  { to: '/main/requests', label: APP_LABELS.requests, icon: KanbanSquare },
  { to: AGENDA_PATH, label: AGENDA_LABELS.title, icon: CalendarDays },
  { to: SETTINGS_PATH, label: SETTINGS_LABELS.title, icon: Settings, adminOnly: true },
];

export type SidebarProps = {
  user: Pick<User, 'name' | 'lastName' | 'photo'> | undefined;
  isAdmin: boolean;
};

/**
 * Desktop: logo and the agenda's bell, "Hi, {name} {L}" (after the photo, when there is one),
 * text links. Narrow screens: the same stacked, the photo or else the first letter of the name,
 * and each link's icon with its label small beneath (issue 33: no unlabelled icon rail).
 */
export function Sidebar({ user, isAdmin }: SidebarProps) {
  const logout = useLogout();

  return (
    <aside className="flex w-[4.5rem] shrink-0 flex-col border-r border-slate-200 bg-white md:w-60">
      <div className="flex flex-col items-center gap-3 border-b border-slate-100 px-2 py-4 md:items-start md:px-5">
        <div className="flex flex-col items-center gap-3 md:w-full md:flex-row md:justify-between">
          <Logo className="size-9" />
          <AgendaBell />
        </div>
        {user ? (
          <>
            {/* "Hi, " is the spec's English. */}
            <div className="hidden items-center gap-2 md:flex">
              {user.photo ? <UserAvatar person={user} className="size-8" /> : null}
              <p {...EN} className="text-sm font-medium text-slate-700">
                {APP_LABELS.hi(user.name)} {user.lastName.charAt(0)}
              </p>
            </div>
            {/* An image named "Hi, …" (a <p> may not carry a name: axe's aria-prohibited-attr). */}
            <p
              {...EN}
              role="img"
              aria-label={APP_LABELS.hi(user.name)}
              className="flex size-9 items-center justify-center overflow-hidden rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 md:hidden"
            >
              {user.photo ? (
                <img src={user.photo} alt="" className="size-full object-cover" />
              ) : (
                user.name.charAt(0)
              )}
            </p>
          </>
        ) : null}
      </div>

      <nav aria-label={APP_LABELS.mainNav} className="flex-1 px-1 py-3 md:px-3">
        <ul className="space-y-1">
          {NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin).map(
            ({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    `flex flex-col items-center justify-center gap-0.5 rounded-md px-0.5 py-1.5 text-[0.625rem] leading-tight font-medium tracking-tight transition md:flex-row md:justify-start md:gap-3 md:px-3 md:py-2 md:text-sm md:tracking-normal ${
                      isActive
                        ? 'bg-indigo-600 text-white shadow-sm'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                    }`
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden />
                  {/* Issue 33: named on a phone too, small under the icon. */}
                  <span>{label}</span>
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>

      <div className="border-t border-slate-100 px-2 py-3 md:px-3">
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          aria-label={APP_LABELS.logout}
          title={APP_LABELS.logout}
          {...EN}
          className="flex w-full items-center justify-center gap-3 rounded-md px-2 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-60 md:justify-start md:px-3"
        >
          {logout.isPending ? <Spinner /> : <LogOut className="size-5 shrink-0" aria-hidden />}
          <span className="hidden md:inline">{APP_LABELS.logout}</span>
        </button>
      </div>
    </aside>
  );
}
