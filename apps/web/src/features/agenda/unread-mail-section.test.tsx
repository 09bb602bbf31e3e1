import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGENDA_LABELS, UNREAD_MAIL_LABELS, UNREAD_MAIL_LIST_LIMIT } from '@crm/shared';
import { addReceivedEmail, addRequest, addUser, db, type StoredUser } from '../../test/fake-api';
import { renderApp } from '../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`.
import './agenda-page';
import { setupUser } from '../../test/user';

// Issue 35: "Correos sin leer" atop the agenda, the caller's requests with customer mail no one
// has read (they are its executive), each opening the request as the agenda's rows do.

const unreadSection = () => screen.findByRole('region', { name: UNREAD_MAIL_LABELS.heading });
const namesIn = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((link) => link.textContent);

/** A request of `vendor`'s holding `mails` customer mails no one has read. */
function withMail(vendor: StoredUser, name: string, mails: number, company = '') {
  const request = addRequest({ name, company, vendor: vendor._id });
  for (let i = 0; i < mails; i++) addReceivedEmail(request._id, { subject: `Correo ${i}` });
  return request;
}

async function openAgenda(as: StoredUser) {
  renderApp('/main/agenda', as);
  await screen.findByRole('heading', { level: 1, name: 'Agenda' });
  return setupUser();
}

describe('/main/agenda, "Correos sin leer" (issue 35)', () => {
  it('lists the person’s requests with unread mail, the most unread first, with their counts; the bell says both', async () => {
    const bea = addUser({ role: 'vendor', name: 'Bea' });
    const other = addUser({ role: 'vendor' });
    withMail(bea, 'Marta Díaz', 1, 'Eventos Andinos');
    withMail(bea, 'Pedro Soto', 3);
    withMail(bea, 'Sin correos', 0);
    withMail(other, 'De otra persona', 2);
    const read = withMail(bea, 'Ya leída', 1);
    delete read.unreadEmails;
    await openAgenda(bea);

    const region = await unreadSection();
    await waitFor(() => expect(namesIn(region)).toEqual(['Pedro Soto', 'Marta Díaz']));
    const [pedro, marta] = within(region).getAllByRole('listitem');
    expect(pedro).toHaveTextContent(UNREAD_MAIL_LABELS.count(3));
    expect(marta).toHaveTextContent('Eventos Andinos');
    expect(marta).toHaveTextContent(UNREAD_MAIL_LABELS.count(1));
    expect(within(region).queryByText(/más$/)).toBeNull();
    const bell = await screen.findByRole('link', { name: AGENDA_LABELS.bell(0, 2) });
    expect(bell).toHaveTextContent('2');
  });

  it('opens the request from its name; closing it comes back to the agenda', async () => {
    const bea = addUser({ role: 'vendor' });
    const request = withMail(bea, 'Marta Díaz', 2);
    const user = await openAgenda(bea);

    await user.click(
      await within(await unreadSection()).findByRole('link', {
        name: `${AGENDA_LABELS.openRequest}: Marta Díaz`,
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    expect(screen.getByTestId('location')).toHaveTextContent(`/main/requests/${request._id}`);
    await within(dialog).findByDisplayValue('Marta Díaz');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main/agenda'));
  });

  it('once the mails are read, the request leaves the list and the bell follows', async () => {
    const bea = addUser({ role: 'vendor' });
    const marta = withMail(bea, 'Marta Díaz', 1);
    withMail(bea, 'Pedro Soto', 1);
    await openAgenda(bea);
    await screen.findByRole('link', { name: AGENDA_LABELS.bell(0, 2) });

    // Someone opened Marta's "Correos" (the fake API's thread read clears the mark, as the API's).
    const stored = db.requests.find((request) => request._id === marta._id);
    delete stored?.unreadEmails;
    window.dispatchEvent(new Event('visibilitychange'));

    await waitFor(async () => expect(namesIn(await unreadSection())).toEqual(['Pedro Soto']));
    expect(await screen.findByRole('link', { name: AGENDA_LABELS.bell(0, 1) })).toBeInTheDocument();
  });

  it(`lists at most ${UNREAD_MAIL_LIST_LIMIT} and says how many more`, async () => {
    const bea = addUser({ role: 'vendor' });
    for (let i = 0; i < UNREAD_MAIL_LIST_LIMIT + 4; i++) withMail(bea, `Cliente ${i}`, 1);
    await openAgenda(bea);

    const region = await unreadSection();
    await waitFor(() =>
      expect(within(region).getAllByRole('listitem')).toHaveLength(UNREAD_MAIL_LIST_LIMIT),
    );
    expect(within(region).getByText(UNREAD_MAIL_LABELS.more(4))).toBeInTheDocument();
  });

  it('shows nothing when no request of the person’s has unread mail', async () => {
    const bea = addUser({ role: 'vendor' });
    withMail(addUser({ role: 'vendor' }), 'De otra persona', 1);
    await openAgenda(bea);
    await screen.findByRole('link', { name: AGENDA_LABELS.bell(0) });
    await screen.findByText(AGENDA_LABELS.empty);
    expect(screen.queryByRole('region', { name: UNREAD_MAIL_LABELS.heading })).toBeNull();
  });
});
