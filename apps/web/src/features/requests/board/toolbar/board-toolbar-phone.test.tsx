import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_LABELS, IMPORT_OPEN_LABEL } from '@crm/shared';
import { findCard } from '../../../../test/board';
import { addRequest, addUser } from '../../../../test/fake-api';
import { matchPhoneWidth } from '../../../../test/media';
import { renderApp } from '../../../../test/render';
import { setupUser } from '../../../../test/user';

const SHORTCUTS = 'Atajos de teclado';

/** A phone's touch screen: narrow, and no hover or fine pointer (no keyboard to speak of). */
function matchTouchPhone() {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => ({
    matches: query.includes('max-width') || query.includes('pointer: coarse'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

async function openBoard(role: 'system admin' | 'vendor') {
  const person = addUser({ role });
  addRequest({ name: 'Lucía Torres', vendor: role === 'vendor' ? person._id : null });
  renderApp('/main/requests', person);
  await findCard('Lucía Torres');
  return setupUser();
}

describe('the board’s toolbar on a phone (issue 33)', () => {
  it('when a system admin opens the board on a phone, then "Exportar" (with its formats) and "Importar" are offered', async () => {
    matchPhoneWidth();
    const user = await openBoard('system admin');

    const exportButton = screen.getByRole('button', { name: EXPORT_LABELS.button });
    expect(screen.getByRole('button', { name: IMPORT_OPEN_LABEL })).toBeInTheDocument();
    await user.click(exportButton);
    const menu = await screen.findByRole('menu', { name: EXPORT_LABELS.button });
    expect(within(menu).getByRole('menuitem', { name: EXPORT_LABELS.csv })).toBeInTheDocument();
  });

  it('when a vendor opens it on a phone, then "Exportar" is offered and "Importar" (an admin’s) is not', async () => {
    matchPhoneWidth();
    await openBoard('vendor');
    expect(screen.getByRole('button', { name: EXPORT_LABELS.button })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: IMPORT_OPEN_LABEL })).not.toBeInTheDocument();
  });

  it('when the screen is touch only, then "Atajos de teclado" is not offered', async () => {
    matchTouchPhone();
    await openBoard('vendor');
    expect(screen.queryByRole('button', { name: SHORTCUTS })).not.toBeInTheDocument();
  });

  it('with a mouse and a keyboard, then "Atajos de teclado" is there', async () => {
    await openBoard('vendor');
    expect(screen.getByRole('button', { name: SHORTCUTS })).toBeInTheDocument();
  });
});
