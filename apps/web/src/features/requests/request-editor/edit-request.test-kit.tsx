// What the Edit Request modal's test files share (they are split by what they test, so vitest's
// two forks run them side by side): the people, how the modal is opened, and how its calls and
// fields are read. Test code only: imported by *.test.tsx, never by the app.
import { expect } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import type { Request } from '@crm/shared';
import { currentUserQueryOptions } from '../../../api/session/get-current-user';
import { usersQueryOptions } from '../../../api/users/get-users';
import { createQueryClient } from '../../../lib/query-client';
import { addRequest, addUser, db, type StoredUser } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render';
import { cardName } from '../../../test/requests';
import { BOARD_PATH } from '../shared';
import { EditRequestRoute } from './edit-request-route';
import { setupUser, type User } from '../../../test/user';

export function seedUsers() {
  const admin = addUser({ role: 'system admin', name: 'Ana', lastName: 'García' });
  const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
  const carlos = addUser({ role: 'driver', name: 'Carlos', lastName: 'Pérez' });
  return { admin, bea, carlos };
}

/** Renders the board as `as` and opens the modal from the card's edit icon (or its avatar). */
export async function openEditor(
  request: Request,
  as: StoredUser,
  via: 'edit icon' | 'avatar' = 'edit icon',
) {
  renderApp('/main/requests', as);
  const user = setupUser();
  await clickCard(user, request, via);
  const dialog = await findEditor();
  return { user, dialog };
}

/**
 * The modal alone at its own address (/main/requests/:id), without the app and the board behind
 * it, for tests of what the modal shows and sends: a fraction of the time of drawing the whole
 * board and opening the card. Opening it from a card, and what a save does to the board, are
 * tested on the board (`openEditor`).
 */
export async function openEditorAlone(request: Request, as: StoredUser) {
  signIn(as);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  // As in the app, where a card is opened once the signed-in person's role and the users (the
  // board's avatars) are known.
  await Promise.all([
    queryClient.prefetchQuery(currentUserQueryOptions(as._id)),
    queryClient.prefetchQuery(usersQueryOptions()),
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`${BOARD_PATH}/${request._id}`]}>
        <Routes>
          <Route path={`${BOARD_PATH}/:requestId`} element={<EditRequestRoute />} />
          <Route path={BOARD_PATH} element={null} />
        </Routes>
      </MemoryRouter>
      {/* As layout/notices.tsx: clickable while the modal turns pointer events off on <body>. */}
      <ToastContainer style={{ pointerEvents: 'auto' }} />
    </QueryClientProvider>,
  );
  const dialog = await findEditor();
  return { user: setupUser(), dialog };
}

/**
 * Most tests' start: the people, a request with `fields`, and the modal alone on it, opened by
 * the admin (`openEditorAlone`). Answers the request, the person at the keyboard and the modal.
 */
export async function editAlone(fields: Partial<Request> = {}) {
  const { admin } = seedUsers();
  const request = addRequest(fields);
  return { request, ...(await openEditorAlone(request, admin)) };
}

/** The modal, once the request it reads (GET /api/form-contact/:id) has filled its form. */
export async function findEditor() {
  const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
  await within(dialog).findByLabelText('Etapa de la solicitud');
  return dialog;
}

export async function clickCard(
  user: User,
  request: Pick<Request, 'requestNumber' | 'name'>,
  via: 'edit icon' | 'avatar' = 'edit icon',
) {
  const card = await screen.findByRole('article', { name: cardName(request) });
  const buttons = within(card).getAllByRole('button');
  const button =
    via === 'edit icon'
      ? within(card).getByRole('button', { name: 'Editar solicitud' })
      : buttons[buttons.length - 1]!;
  await user.click(button);
}

/**
 * Replaces a field's text at once (a paste), where the tests are about what is sent or shown,
 * not about typing key by key (the number and date fields, whose half-typed text matters, are
 * typed).
 */
export async function fill(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

/** Adds text at the end of a field at once (a paste), as `user.type` would key by key. */
export async function append(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

export const column = (title: string) => screen.getByRole('region', { name: title });
export const countOf = (title: string) => within(column(title)).getByLabelText(/ solicitudes$/);
/** A column header's "Total estimado" (issue 21). */
export const totalOf = (title: string) => within(column(title)).getByTitle('Total estimado');
/** The board's reads after `from`: the board call, a column's page, one request. */
export const boardReads = (from: number) =>
  callLog(from).filter((call) => /^GET \/api\/form-contact(\/board|\?|$)/.test(call));
export const stored = (request: Request) => db.requests.find((r) => r._id === request._id)!;
export const callLog = (from: number) =>
  db.calls.slice(from).map((c) => `${c.method} ${c.path}${c.search ?? ''}`);
export const putCalls = (from: number) => db.calls.slice(from).filter((c) => c.method === 'PUT');
export const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => [option.textContent, (option as HTMLOptionElement).value]);
/** A read-only value: the text just after its label. */
export const readOnlyValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
export const section = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('group', { name });
export const saveButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /Guardar cambios/ });

/** Saves and waits until the product says the changes were saved. */
export async function saveAndWait(user: User, dialog: HTMLElement) {
  await user.click(saveButton(dialog));
  expect(await within(dialog).findByText('Cambios guardados')).toBeInTheDocument();
}

/**
 * The request as the modal's update sends it (§7: as it is), but its outcome: sent only when
 * set or changed in the modal (issue 21), so none on an open request.
 */
export const sentAsIs = ({ outcome: _outcome, ...request }: Request) => request;
