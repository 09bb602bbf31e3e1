import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_LABELS, AUDIT_PAGE_SIZE, auditApi } from '@crm/shared';
import { addAuditEntry, addUser, db } from '../../test/fake-api';
import { renderApp } from '../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './audit-page';
import { setupUser } from '../../test/user';

const AUDIT = '/main/settings/audit';

/** The table's rows, without its header. */
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

/** Entries of two people, the newest last added. */
function seed() {
  const ana = addUser({ role: 'vendor', name: 'Ana', lastName: 'Ríos' });
  const beto = addUser({ role: 'vendor', name: 'Beto', lastName: 'Soto' });
  addAuditEntry({
    at: '2026-11-20T10:00:00.000Z',
    action: 'auth.signIn',
    actor: { userId: ana._id, name: 'Ana Ríos', email: ana.email },
    ip: '203.0.113.7',
  });
  addAuditEntry({
    at: '2026-11-21T10:00:00.000Z',
    action: 'requests.exported',
    actor: { userId: beto._id, name: 'Beto Soto', email: beto.email },
    details: { rows: 1200, format: 'csv' },
  });
  addAuditEntry({
    at: '2026-11-22T10:00:00.000Z',
    action: 'auth.signInFailed',
    actor: { userId: null, name: '', email: 'intruso@example.com' },
  });
  return { ana, beto };
}

describe('/main/settings/audit "Registro de auditoría" (issue 32)', () => {
  it('is reached from Ajustes and lists who did what, newest first', async () => {
    const admin = addUser({ role: 'system admin' });
    seed();
    renderApp('/main/settings', admin);
    const user = setupUser();
    await user.click(await screen.findByRole('link', { name: AUDIT_LABELS.title }));
    await screen.findByRole('heading', { level: 1, name: AUDIT_LABELS.title });

    await waitFor(() => expect(rows()).toHaveLength(3));
    const [failed, exported, signedIn] = rows();
    expect(failed).toHaveTextContent(AUDIT_ACTION_LABELS['auth.signInFailed']);
    expect(failed).toHaveTextContent(AUDIT_LABELS.nobody);
    expect(failed).toHaveTextContent('intruso@example.com');
    expect(exported).toHaveTextContent('Beto Soto');
    expect(exported).toHaveTextContent('filas: 1.200 · formato: csv');
    expect(signedIn).toHaveTextContent('203.0.113.7');
    expect(signedIn).toHaveTextContent('Firefox 133 · Windows 10');
  });

  it('filters by who, what and when, in the address and on the server', async () => {
    const admin = addUser({ role: 'system admin' });
    const { beto } = seed();
    renderApp(AUDIT, admin);
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.selectOptions(
      screen.getByLabelText(AUDIT_LABELS.user),
      await screen.findByRole('option', { name: `Beto Soto (${beto.email})` }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(AUDIT_ACTION_LABELS['requests.exported']);
    const asked = db.calls.filter((call) => call.path === auditApi.list.path).at(-1);
    expect(new URLSearchParams(asked?.search).get('user')).toBe(beto._id);

    await user.click(screen.getByRole('button', { name: AUDIT_LABELS.clear }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.selectOptions(
      screen.getByLabelText(AUDIT_LABELS.action),
      AUDIT_ACTION_LABELS['auth.signIn'],
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('203.0.113.7');

    await user.click(screen.getByRole('button', { name: AUDIT_LABELS.clear }));
    await user.type(screen.getByLabelText(AUDIT_LABELS.from), '2026-11-21');
    await user.type(screen.getByLabelText(AUDIT_LABELS.to), '2026-11-21');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Beto Soto');
  });

  it('says so when no entry matches', async () => {
    const admin = addUser({ role: 'system admin' });
    renderApp(`${AUDIT}?action=user.deleted`, admin);
    expect(await screen.findByText(AUDIT_LABELS.empty)).toBeInTheDocument();
  });

  it('loads the next page on "Cargar más", then has no more', async () => {
    const admin = addUser({ role: 'system admin' });
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) {
      addAuditEntry({ at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() });
    }
    renderApp(AUDIT, admin);
    await waitFor(() => expect(rows()).toHaveLength(AUDIT_PAGE_SIZE));
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: AUDIT_LABELS.more }));
    await waitFor(() => expect(rows()).toHaveLength(AUDIT_PAGE_SIZE + 3));
    expect(screen.queryByRole('button', { name: AUDIT_LABELS.more })).not.toBeInTheDocument();
  });

  it('exports the filtered log: the browser follows a ticketed address of the CSV', async () => {
    const admin = addUser({ role: 'system admin' });
    seed();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp(`${AUDIT}?action=requests.exported`, admin);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: AUDIT_LABELS.export }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    const asked = db.calls.find((call) => call.path === auditApi.exportLink.path);
    expect(asked?.body).toEqual({ action: 'requests.exported' });
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.referrerPolicy).toBe('no-referrer');
    const address = new URL(link.href);
    expect(address.pathname).toBe(auditApi.export.path);
    expect(address.searchParams.get('action')).toBe('requests.exported');
    const file = await fetch(link.href);
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text).toContain('Beto Soto');
    expect(text).not.toContain('Ana Ríos');
  });

  it('is a system admin’s: a vendor who types the address goes home', async () => {
    const vendor = addUser({ role: 'vendor' });
    renderApp(AUDIT, vendor);
    await waitFor(() => expect(window.location.pathname).not.toBe(AUDIT));
    expect(db.calls.some((call) => call.path === auditApi.list.path)).toBe(false);
  });
});
