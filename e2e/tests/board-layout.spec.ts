import { expect, test, type Locator, type Page } from '@playwright/test';
import { BOARD_SCROLL_STEP_PX } from '@crm/shared';
import { board, card, column, openAs, signInAsAdmin, snap, unique } from '../support/app.js';
import { ADMIN } from '../support/stack.js';

/** The sidebar links an admin has, in their order. */
// §2's four links, then issue 20's Agenda (every role) and Ajustes (system admin).
const ADMIN_LINKS = ['Inicio', 'Perfil', 'Usuarios', 'Solicitudes', 'Agenda', 'Ajustes'] as const;
const GREETING = `Hi, ${ADMIN.name} ${ADMIN.lastName.charAt(0)}`;

const sidebarNav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
/** The round badge with the first letter of the name, shown on narrow screens. */
const nameBadge = (page: Page) => page.getByLabel(`Hi, ${ADMIN.name}`, { exact: true });

const scrollTopOf = (page: Page) => board(page).evaluate((element) => element.scrollTop);

test.describe('board layout', () => {
  test('ArrowDown/ArrowUp scroll the board by 30 px', async ({ page, request }) => {
    const { api, session } = await signInAsAdmin(request);
    // Enough cards in "NUEVA SOLICITUD" for the board to scroll at 1366×820.
    const names: string[] = [];
    for (let index = 0; index < 12; index++) {
      const name = unique('Scroll');
      await api.createRequest(name);
      names.push(name);
    }
    await openAs(page, session);
    // Newest first: the last one created is on top, the first one further down (the column
    // draws only the cards near the view, so the first one is looked for at the bottom).
    await expect(card(page, names.at(-1) ?? '')).toBeVisible();
    await expect(card(page, names.at(-1) ?? '')).toHaveAttribute('aria-posinset', '1');
    // Other specs' requests sort below these twelve: scroll down until the twelfth is drawn.
    for (let step = 0; step < 40 && (await card(page, names[0] ?? '').count()) === 0; step++) {
      await board(page).evaluate((element) => element.scrollBy({ top: 200 }));
      await page.waitForTimeout(50);
    }
    await expect(card(page, names[0] ?? '')).toBeAttached();
    await expect(card(page, names[0] ?? '')).toHaveAttribute('aria-posinset', '12');
    await board(page).evaluate((element) => element.scrollTo({ top: 0 }));

    // The board is the element that scrolls, not the page.
    const room = await board(page).evaluate(
      (element) => element.scrollHeight - element.clientHeight,
    );
    expect(room).toBeGreaterThan(3 * BOARD_SCROLL_STEP_PX);
    expect(await scrollTopOf(page)).toBe(0);

    // On desktop the sidebar greets with the name and the initial of the last name, and the
    // links show their text.
    await expect(page.getByText(GREETING)).toBeVisible();
    await expect(nameBadge(page)).toBeHidden();
    for (const label of ADMIN_LINKS) {
      await expect(sidebarNav(page).getByText(label, { exact: true })).toBeVisible();
    }
    await snap(page, 'board-layout-01-desktop-top');

    await page.keyboard.press('ArrowDown');
    await expect.poll(() => scrollTopOf(page)).toBe(BOARD_SCROLL_STEP_PX);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => scrollTopOf(page)).toBe(2 * BOARD_SCROLL_STEP_PX);
    await snap(page, 'board-layout-02-desktop-scrolled-60');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => scrollTopOf(page)).toBe(BOARD_SCROLL_STEP_PX);

    // Only the board moved: neither the content area nor the window scrolled.
    expect(await page.locator('main').evaluate((element) => element.scrollTop)).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await snap(page, 'board-layout-03-desktop-scrolled-30');
  });

  test.describe('on a 390 px wide phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the sidebar shows the first letter of the name and icon links, each with its label beneath (issue 33)', async ({
      page,
      request,
    }) => {
      await openAs(page, (await signInAsAdmin(request)).session);
      await expect(board(page)).toBeVisible();

      const sidebar = page.getByRole('complementary');
      expect((await sidebar.boundingBox())?.width).toBe(72);

      // The first letter of the name, in a badge named "Hi, Admin"; not the desktop greeting.
      await expect(nameBadge(page)).toBeVisible();
      await expect(nameBadge(page)).toHaveText(ADMIN.name.charAt(0));
      await expect(page.getByText(GREETING)).toBeHidden();

      // Each link's icon with its label beneath, visible, whole, inside the rail (issue 33).
      const nav = sidebarNav(page);
      await expect(nav.getByRole('link')).toHaveCount(ADMIN_LINKS.length);
      const rail = await sidebar.boundingBox();
      for (const [index, label] of ADMIN_LINKS.entries()) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await expect(link).toBeVisible();
        await expect(nav.getByRole('link').nth(index)).toHaveAccessibleName(label);
        await expect(link.locator('svg')).toBeVisible();
        const text = link.getByText(label, { exact: true });
        await expect(text).toBeVisible();
        const box = await text.boundingBox();
        expect(box && rail && box.x >= rail.x && box.x + box.width <= rail.x + rail.width).toBe(
          true,
        );
        expect(await text.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      }
      await expect(nav.getByRole('link', { name: 'Solicitudes', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // So is Logout.
      const logout = page.getByRole('button', { name: 'Logout' });
      await expect(logout.locator('svg')).toBeVisible();
      await expect(logout.getByText('Logout', { exact: true })).toBeHidden();

      await expect(board(page)).toBeVisible();
      await snap(page, 'board-layout-04-phone');
    });
  });
});

/** At least a finger's 44×44 px (issue 25), measured as drawn. */
async function expectTouchTarget(target: Locator, name: string) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${name}: no layout`);
  expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44);
  expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
}

/** Whether a select shows its chosen option's whole text (its box is wider than the text). */
const showsWholeText = (select: Locator) =>
  select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return false;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = element.selectedOptions[0]?.text ?? '';
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(text).width <= room;
  });

test.describe('on a phone (issue 25): targets, "Filtros", the line a moved card leaves', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('card actions and the board filters are at least 44×44 px', async ({ page, request }) => {
    const { api, session } = await signInAsAdmin(request);
    const name = unique('Dedo ');
    await api.createRequest(name);
    await openAs(page, session, `/main/requests?q=${encodeURIComponent(name)}`);
    const target = card(page, name);
    await expect(target).toBeVisible();

    await expectTouchTarget(target.getByRole('button', { name: 'Editar solicitud' }), 'edit');
    await expectTouchTarget(target.getByRole('button', { name: 'Eliminar solicitud' }), 'delete');
    await expectTouchTarget(target.getByRole('button', { name: /^Mover a…/ }), 'Mover a…');
    await expectTouchTarget(target.getByRole('button', { name: /Sin ejecutivo/ }), 'avatar');
    await expectTouchTarget(page.getByRole('searchbox', { name: 'Buscar' }), 'Buscar');
    await expectTouchTarget(page.getByRole('button', { name: /^Filtros/ }), 'Filtros');
    await expectTouchTarget(page.getByRole('combobox', { name: 'Columna' }), 'stage switcher');
    await snap(page, 'board-layout-05-phone-targets');

    await target.getByRole('button', { name: /^Mover a…/ }).click();
    for (const item of await page.getByRole('menuitem').all()) {
      await expectTouchTarget(item, `menu item ${await item.textContent()}`);
    }
    await page.keyboard.press('Escape');
  });

  test('"Filtros" opens a sheet with each filter under its whole name, counts those on, and holds the saved views', async ({
    page,
    request,
  }) => {
    await openAs(page, (await signInAsAdmin(request)).session);
    await expect(board(page)).toBeVisible();
    const toolbar = page.getByRole('search', { name: 'Filtros del tablero' });
    // No select beside the search to cut names short.
    await expect(toolbar.getByRole('combobox')).toHaveCount(0);

    await toolbar.getByRole('button', { name: 'Filtros', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtros' });
    await expect(sheet).toBeVisible();
    for (const name of ['Ejecutivo', 'Prioridad', 'Tipo', 'Próxima acción', 'Resultado']) {
      const select = sheet.getByRole('combobox', { name, exact: true });
      await expect(sheet.locator('label', { hasText: name })).toBeVisible();
      await expectTouchTarget(select, name);
      expect(await showsWholeText(select), `${name}: its choice shown whole`).toBe(true);
    }
    await expect(sheet.getByRole('region', { name: 'Vistas guardadas' })).toBeVisible();

    await sheet.getByRole('combobox', { name: 'Prioridad' }).selectOption('high');
    await sheet.getByRole('combobox', { name: 'Ejecutivo' }).selectOption('none');
    await expect(page).toHaveURL(/priority=high/);
    expect(await showsWholeText(sheet.getByRole('combobox', { name: 'Ejecutivo' }))).toBe(true);
    await snap(page, 'board-layout-06-phone-filtros');
    await sheet.getByRole('button', { name: 'Listo' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(toolbar.getByRole('button', { name: 'Filtros (2)' })).toBeVisible();
  });

  test('a card moved out of the column shown leaves "Movida a CONTACTADO · Ver"; "Ver" shows it there, focused', async ({
    page,
    request,
  }) => {
    const { api, session } = await signInAsAdmin(request);
    const prefix = unique('Línea ');
    // Two cards: the one moved leaves its line above the other.
    await api.createRequest(`${prefix} queda`);
    await api.createRequest(`${prefix} sale`);
    await openAs(page, session, `/main/requests?q=${encodeURIComponent(prefix)}`);
    const leaving = card(page, `${prefix} sale`);
    await expect(leaving).toBeVisible();

    await leaving.getByRole('button', { name: /^Mover a…/ }).click();
    await page.getByRole('menuitem', { name: 'CONTACTADO' }).click();

    const line = column(page, 'NUEVA SOLICITUD').getByRole('paragraph').filter({
      hasText: 'Movida a CONTACTADO',
    });
    await expect(line).toBeVisible();
    await expect(leaving).toHaveCount(0);
    await expect(card(page, `${prefix} queda`)).toBeVisible();
    // The move's notice, at the bottom: clear of the column's header and its first card.
    const moved = page.getByRole('status').filter({ hasText: 'Movida a CONTACTADO.' });
    await expect(moved).toBeVisible();
    await expect(moved.getByRole('button', { name: 'Deshacer' })).toBeVisible();
    await moved.hover();
    for (const clear of [
      column(page, 'NUEVA SOLICITUD').locator('header'),
      column(page, 'NUEVA SOLICITUD').getByRole('article').first(),
    ]) {
      const [a, b] = [await moved.boundingBox(), await clear.boundingBox()];
      if (!a || !b) throw new Error('no layout');
      expect(a.y >= b.y + b.height || b.y >= a.y + a.height).toBe(true);
    }
    await snap(page, 'board-layout-07-phone-moved-line');

    await column(page, 'NUEVA SOLICITUD')
      .getByRole('button', { name: 'Ver la solicitud en CONTACTADO' })
      .click();
    await expect(page.getByRole('combobox', { name: 'Columna' })).toHaveValue('contacted');
    const arrived = column(page, 'CONTACTADO').getByRole('article', {
      name: new RegExp(`: ${prefix} sale$`),
    });
    await expect(arrived).toBeFocused();
  });
});
