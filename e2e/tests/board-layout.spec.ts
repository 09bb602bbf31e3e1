import { expect, test, type Page } from '@playwright/test';
import { BOARD_SCROLL_STEP_PX } from '@crm/shared';
import { board, card, openAs, signInAsAdmin, snap, unique } from '../support/app.js';
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

    test('the sidebar shows the first letter of the name and icon links', async ({
      page,
      request,
    }) => {
      await openAs(page, (await signInAsAdmin(request)).session);
      await expect(board(page)).toBeVisible();

      const sidebar = page.getByRole('complementary');
      expect((await sidebar.boundingBox())?.width).toBe(64);

      // The first letter of the name, in a badge named "Hi, Admin"; not the desktop greeting.
      await expect(nameBadge(page)).toBeVisible();
      await expect(nameBadge(page)).toHaveText(ADMIN.name.charAt(0));
      await expect(page.getByText(GREETING)).toBeHidden();

      // Icon-only links that keep their labels as accessible names.
      const nav = sidebarNav(page);
      await expect(nav.getByRole('link')).toHaveCount(ADMIN_LINKS.length);
      for (const [index, label] of ADMIN_LINKS.entries()) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await expect(link).toBeVisible();
        await expect(nav.getByRole('link').nth(index)).toHaveAccessibleName(label);
        await expect(link.locator('svg')).toBeVisible();
        await expect(link.getByText(label, { exact: true })).toBeHidden();
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
