import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Request } from '@crm/shared';
import { addRequest, addUser } from '../../../../test/fake-api';
import { matchPhoneWidth } from '../../../../test/media';
import { renderApp } from '../../../../test/render';
import { cardName, titleOf } from '../../../../test/requests';
import { COLUMN_SHORTCUTS } from './use-board-shortcuts';
import { setupUser } from '../../../../test/user';

const card = (request: Request) =>
  screen.getByRole('article', { name: cardName(request), hidden: true });
const column = (status: Request['status']) =>
  screen.getByRole('region', { name: titleOf(status), hidden: true });

async function renderBoard(...requests: Request[]) {
  renderApp('/main/requests', addUser({ role: 'system admin' }));
  for (const request of requests) {
    await screen.findByRole('article', { name: cardName(request) });
  }
  return setupUser();
}

describe('Board shortcuts: 1–5 go to a column', () => {
  it('maps 1 to 5 to the five columns in board order', () => {
    expect(COLUMN_SHORTCUTS.map(({ key, title }) => [key, title])).toEqual([
      ['1', 'NUEVA SOLICITUD'],
      ['2', 'CONTACTADO'],
      ['3', 'COTIZACIÓN ENVIADA'],
      ['4', 'EN ESPERA'],
      ['5', 'CERRADO'],
    ]);
  });

  it('a digit puts the focus on the first card of that column, from anywhere on the board', async () => {
    const newer = addRequest({ name: 'Cotizada nueva', status: 'quote sent' });
    const closed = addRequest({ name: 'Cerrada', status: 'closed' });
    const quoted = addRequest({ name: 'Cotizada', status: 'quote sent' });
    const user = await renderBoard(newer, closed, quoted);

    await user.keyboard('3');
    expect(card(quoted)).toHaveFocus();

    await user.keyboard('5');
    expect(card(closed)).toHaveFocus();

    // From a card's own button too; the numeric keypad works the same.
    within(card(closed)).getByRole('button', { name: 'Editar solicitud' }).focus();
    await user.keyboard('[Numpad3]');
    expect(card(quoted)).toHaveFocus();
  });

  it('a column without cards takes the focus itself', async () => {
    const request = addRequest({ name: 'Nueva' });
    const user = await renderBoard(request);

    await user.keyboard('4');
    expect(column('follow up')).toHaveFocus();
  });

  it('leaves the digits to fields, and to keys with Ctrl, Alt or Meta (the browser’s)', async () => {
    const request = addRequest({ name: 'Cerrada', status: 'closed' });
    const user = await renderBoard(request);
    const search = screen.getByRole('searchbox');

    await user.click(search);
    await user.keyboard('5');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('5');

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}5{/Control}{Alt>}5{/Alt}');
    expect(card(request)).not.toHaveFocus();
  });

  it('does nothing while a dialog is open over the board', async () => {
    const request = addRequest({ name: 'Cerrada', status: 'closed' });
    const user = await renderBoard(request);
    await user.click(screen.getByRole('button', { name: 'Crear solicitud' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());

    await user.keyboard('5');
    expect(name).toHaveValue('5');
    expect(card(request)).not.toHaveFocus();
  });

  it('on a phone (one column at a time), shows the column it names and puts the focus there', async () => {
    matchPhoneWidth();
    const contacted = addRequest({ name: 'Contactada', status: 'contacted' });
    renderApp('/main/requests', addUser({ role: 'system admin' }));
    await screen.findByRole('region', { name: titleOf('new request') });
    const user = setupUser();

    await user.keyboard('2');

    expect(screen.getByRole('combobox', { name: 'Columna' })).toHaveValue('contacted');
    // A phone's cards are not dragged, so they take no focus of their own: the column does.
    expect(column('contacted')).toHaveFocus();
    await screen.findByRole('article', { name: cardName(contacted) });
    await user.keyboard('1');
    expect(screen.getByRole('combobox', { name: 'Columna' })).toHaveValue('new request');
    expect(column('new request')).toHaveFocus();
  });
});

describe('Board shortcuts: "?" and "Atajos de teclado"', () => {
  it('"?" opens the list of the board’s keys; Escape closes it and the focus goes back', async () => {
    const request = addRequest({ name: 'Nueva' });
    const user = await renderBoard(request);
    act(() => card(request).focus());

    await user.keyboard('?');

    const dialog = await screen.findByRole('dialog', { name: 'Atajos de teclado' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(
      expect.arrayContaining([
        '1Ir a la columna NUEVA SOLICITUD',
        '5Ir a la columna CERRADO',
        '↓Flecha abajoo↑Flecha arribaDesplazar el tablero hacia abajo o hacia arriba (30 px)',
        'EspaciooIntroTomar la tarjeta para moverla de columna',
        '→Flecha derechao←Flecha izquierdaLlevarla a la columna de al lado',
        'EspaciooIntroSoltarla en esa columna',
        'EscapeoTabCancelar el movimiento (la tarjeta vuelve a su columna)',
        '?Signo de interrogaciónAbrir esta ayuda',
      ]),
    );
    expect(within(dialog).getByRole('table', { name: 'En el tablero' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('table', { name: 'En una tarjeta con el foco' }),
    ).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card(request)).toHaveFocus());
  });

  it('the toolbar’s "Atajos de teclado" button opens it too, and gets the focus back', async () => {
    const request = addRequest({ name: 'Nueva' });
    const user = await renderBoard(request);
    const button = screen.getByRole('button', { name: 'Atajos de teclado' });
    expect(button).toHaveAttribute('aria-keyshortcuts', '?');

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Atajos de teclado' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Atajos de teclado' })).toHaveFocus(),
    );
  });

  it('"?" typed in the search box is text', async () => {
    const request = addRequest({ name: 'Nueva' });
    const user = await renderBoard(request);
    await user.type(screen.getByRole('searchbox'), '¿?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
