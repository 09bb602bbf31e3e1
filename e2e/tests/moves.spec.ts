import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  card,
  column,
  dragWithMouse,
  editDialog,
  openAsAdminWithRequest,
  snap,
  unique,
} from '../support/app.js';

// Issue 12: a move in one gesture (mouse or keyboard), kept after a reload, in the history.

const cardIn = (page: Page, title: string, name: string) =>
  column(page, title).getByRole('article', { name: new RegExp(`: ${name}$`) });

/** As the admin, a new request's card in NUEVA SOLICITUD, on the board searched down to it. */
async function newCardToMove(page: Page, request: APIRequestContext, prefix: string) {
  const name = unique(prefix);
  await openAsAdminWithRequest(page, request, name, `/main/requests?q=${encodeURIComponent(name)}`);
  const moving = cardIn(page, 'NUEVA SOLICITUD', name);
  await expect(moving).toBeVisible();
  return { name, moving };
}

/**
 * A keyboard drag: Space on the focused card picks it up, ArrowRight goes one column right,
 * Space drops it. dnd-kit listens a moment after the pickup, so each step waits for what a
 * screen reader is told.
 */
async function dragWithKeyboard(page: Page, source: Locator, targetTitle: string) {
  const live = page.locator('[id^="DndLiveRegion"]');
  await source.focus();
  await page.keyboard.press('Space');
  await live.filter({ hasText: /^Tomaste / }).waitFor({ state: 'attached' });
  await page.keyboard.press('ArrowRight');
  await live
    .filter({ hasText: `está sobre la columna ${targetTitle}` })
    .waitFor({ state: 'attached' });
  await snap(page, 'moves-e2e-02-keyboard');
  await page.keyboard.press('Space');
}

/** After a reload, the card is in CONTACTADO and its modal's history has the move. */
async function expectMovedAfterReload(page: Page, name: string, shot: string) {
  // Searched for, so the card is drawn whatever the column's length.
  await page.goto(`/main/requests?q=${encodeURIComponent(name)}`);
  await expect(cardIn(page, 'CONTACTADO', name)).toBeVisible();
  await expect(cardIn(page, 'NUEVA SOLICITUD', name)).toHaveCount(0);
  await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
  const dialog = editDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Historial/ }).click();
  const history = dialog.getByRole('list', { name: 'Historial' });
  await expect(history).toContainText(
    /movió de NUEVA SOLICITUD a CONTACTADO · \d\d\/\d\d\/\d\d \d\d:\d\d/,
  );
  await history.scrollIntoViewIfNeeded();
  await snap(page, shot);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test.describe('moving a request in one gesture', () => {
  test('with the mouse: drag a card from NUEVA SOLICITUD to CONTACTADO; after a reload it is there, with the move in its history', async ({
    page,
    request,
  }) => {
    const { name, moving } = await newCardToMove(page, request, 'Arrastre ');

    await dragWithMouse(page, moving, column(page, 'CONTACTADO'));
    await expect(cardIn(page, 'CONTACTADO', name)).toBeVisible();
    await expect(moving).toHaveCount(0);

    await expectMovedAfterReload(page, name, 'moves-e2e-03-history-mouse');
  });

  test('with the keyboard: pick a card up with Space, ArrowRight, drop with Space; after a reload it is in CONTACTADO, with the move in its history', async ({
    page,
    request,
  }) => {
    const { name, moving } = await newCardToMove(page, request, 'Teclado ');

    await dragWithKeyboard(page, moving, 'CONTACTADO');
    await expect(cardIn(page, 'CONTACTADO', name)).toBeVisible();
    // The focus follows the card to its new column (drawn there once the filtered column is read).
    await expect(cardIn(page, 'CONTACTADO', name)).toBeFocused();

    await expectMovedAfterReload(page, name, 'moves-e2e-04-history-keyboard');
  });
});

test.describe('a move’s notice (issue 25)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows at the bottom right, clear of the column headers, and "Deshacer" moves the request back', async ({
    page,
    request,
  }) => {
    const { name, moving } = await newCardToMove(page, request, 'Deshacer ');

    await moving.getByRole('button', { name: /^Mover a…/ }).click();
    await page.getByRole('menuitem', { name: 'CONTACTADO' }).click();
    await expect(cardIn(page, 'CONTACTADO', name)).toBeVisible();
    const moved = page.getByRole('status').filter({ hasText: 'Movida a CONTACTADO.' });
    await expect(moved).toBeVisible();
    await moved.hover();

    // Bottom right of the 1280×800 window, over no column header.
    const box = await moved.boundingBox();
    if (!box) throw new Error('no layout');
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
    expect(box.y + box.height).toBeGreaterThan(800 - 40);
    for (const header of await page.locator('section[data-status] header').all()) {
      const other = await header.boundingBox();
      if (!other) continue;
      expect(box.y).toBeGreaterThan(other.y + other.height);
    }
    await snap(page, 'moves-e2e-05-notice-bottom-right');

    await moved.getByRole('button', { name: 'Deshacer' }).click();

    await expect(cardIn(page, 'NUEVA SOLICITUD', name)).toBeVisible();
    await expect(cardIn(page, 'CONTACTADO', name)).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: 'Devuelta a NUEVA SOLICITUD.' }),
    ).toBeVisible();
    // The server has it back: after a reload it is still in NUEVA SOLICITUD.
    await page.reload();
    await expect(cardIn(page, 'NUEVA SOLICITUD', name)).toBeVisible();
  });
});
