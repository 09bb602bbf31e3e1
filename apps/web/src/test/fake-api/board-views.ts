import {
  api,
  BOARD_VIEW_MESSAGES,
  BOARD_VIEWS_MAX,
  boardViewNameKey,
  defaultBoardFilters,
  type EndpointResponse,
} from '@crm/shared';
import { newId } from './db';
import { fail, fake } from './http';

// The caller's remembered filters and saved views (board-views-endpoints).

// The caller's own board (issue 25), as board-views.service.ts answers: the remembered filters
// (a vendor who never changed one starts on "me") and the saved views, kept per user id (ids are
// never reused, so nothing needs resetting between tests), each user reading only their own.
type FakeBoardView = EndpointResponse<typeof api.boardViews.create>;
const fakeBoardFilters = new Map<string, EndpointResponse<typeof api.boardViews.getFilters>>();
const fakeBoardViews = new Map<string, FakeBoardView[]>();

/** Without the empty ones, as the API stores them. */
const withoutEmpty = <T extends object>(filters: T): T =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as T;

/** Seeds a user's saved views (as POST /api/me/board-views would store them). */
export function addBoardView(userId: string, name: string, filters: FakeBoardView['filters']) {
  const view = { _id: newId(), name, filters, createdAt: new Date().toISOString() };
  fakeBoardViews.set(userId, [...(fakeBoardViews.get(userId) ?? []), view]);
  return view;
}

/**
 * Seeds a user's remembered filters, as if they had left the board so: `{}` for a vendor seen on
 * the whole board rather than on "Mis solicitudes" (their first visit's).
 */
export function rememberBoardFilters<U extends { _id: string }>(
  user: U,
  filters: EndpointResponse<typeof api.boardViews.getFilters> = {},
) {
  fakeBoardFilters.set(user._id, filters);
  return user;
}

/** The user's remembered filters as stored, or undefined before they change one. */
export const storedBoardFilters = (userId: string) => fakeBoardFilters.get(userId);

const boardViewNameTaken = () =>
  fail(409, BOARD_VIEW_MESSAGES.nameTaken, [
    { path: 'name', message: BOARD_VIEW_MESSAGES.nameTaken },
  ]);

const nameClashes = (views: FakeBoardView[], name: string, except?: string) =>
  views.some(
    (view) => view._id !== except && boardViewNameKey(view.name) === boardViewNameKey(name),
  );

export const boardViewRoutes = [
  fake(
    api.boardViews.getFilters,
    ({ user }) => fakeBoardFilters.get(user._id) ?? defaultBoardFilters(user.role),
  ),

  fake(api.boardViews.putFilters, ({ input, user }) => {
    const stored = withoutEmpty(input.body);
    fakeBoardFilters.set(user._id, stored);
    return stored;
  }),

  fake(api.boardViews.list, ({ user }) => ({ items: fakeBoardViews.get(user._id) ?? [] })),

  fake(api.boardViews.create, ({ input, user }) => {
    const views = fakeBoardViews.get(user._id) ?? [];
    if (views.length >= BOARD_VIEWS_MAX) {
      return fail(409, BOARD_VIEW_MESSAGES.tooMany, [
        { path: 'name', message: BOARD_VIEW_MESSAGES.tooMany },
      ]);
    }
    if (nameClashes(views, input.body.name)) return boardViewNameTaken();
    return addBoardView(user._id, input.body.name, withoutEmpty(input.body.filters));
  }),

  fake(api.boardViews.update, ({ input, user }) => {
    const views = fakeBoardViews.get(user._id) ?? [];
    const current = views.find((view) => view._id === input.params.id);
    if (!current) return fail(404, BOARD_VIEW_MESSAGES.notFound);
    const { name, filters } = input.body;
    if (name !== undefined && nameClashes(views, name, current._id)) return boardViewNameTaken();
    const view = {
      ...current,
      name: name ?? current.name,
      filters: filters ? withoutEmpty(filters) : current.filters,
    };
    fakeBoardViews.set(
      user._id,
      views.map((each) => (each._id === view._id ? view : each)),
    );
    return view;
  }),

  fake(api.boardViews.remove, ({ input, user }) => {
    const views = fakeBoardViews.get(user._id) ?? [];
    const current = views.find((view) => view._id === input.params.id);
    if (!current) return fail(404, BOARD_VIEW_MESSAGES.notFound);
    fakeBoardViews.set(
      user._id,
      views.filter((view) => view !== current),
    );
    return current;
  }),
];
