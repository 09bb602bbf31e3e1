import { expect, test } from '@playwright/test';
import { board, column, inBatches, openAs, signInAsAdmin, snap, unique } from '../support/app.js';

/** Enough requests for six pages of one column (50 a page). */
const TOTAL = 300;
/** Of them, assigned to the admin who looks at the board. */
const MINE = 7;

test.describe('the board at scale', () => {
  test('a few hundred requests: search, "Mis solicitudes", and one column scrolled to its end', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { api, session } = await signInAsAdmin(request);
    const adminId = session.userId;
    // One word no other scenario uses, so the search shows exactly this scenario's requests.
    const prefix = unique('Escala');
    const names = Array.from(
      { length: TOTAL },
      (_, index) => `${prefix} ${String(index).padStart(3, '0')}`,
    );
    const created = await inBatches(names, 25, (name) => api.createRequest(name));
    await inBatches(created.slice(0, MINE), MINE, (mine) => api.assignVendor(mine._id, adminId));
    await openAs(page, session);

    // Search: the board narrows to this scenario's requests, the URL keeps the search, and the
    // header counts every one of them (the server's count, not the 50 loaded).
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(prefix);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}(&|$)`));
    const newColumn = column(page, 'NUEVA SOLICITUD');
    await expect(newColumn.getByLabel(`${TOTAL} solicitudes`, { exact: true })).toBeVisible();
    await expect(
      column(page, 'CONTACTADO').getByLabel('0 solicitudes', { exact: true }),
    ).toBeVisible();
    await expect(newColumn.getByRole('article').first()).toHaveAccessibleName(
      `Solicitud ${created.at(-1)?.requestNumber}: ${names.at(-1)}`,
    );
    await snap(page, 'board-scale-01-search');

    // Scroll the board down to the column's end: its pages load on the way, every card shows
    // once, and only those near the view are in the DOM.
    const seen = new Set<string>();
    let mostDrawn = 0;
    await expect
      .poll(
        async () => {
          const drawn = await newColumn
            .getByRole('article')
            .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
          drawn.forEach((label) => seen.add(label));
          mostDrawn = Math.max(mostDrawn, drawn.length);
          await board(page).evaluate((element) =>
            element.scrollBy({ top: element.clientHeight * 0.7 }),
          );
          return seen.size;
        },
        { timeout: 90_000, intervals: [150] },
      )
      .toBe(TOTAL);
    expect([...seen].every((label) => label.includes(prefix))).toBe(true);
    expect(mostDrawn).toBeLessThan(60);
    await expect(newColumn.getByRole('button', { name: /Cargar más/ })).toHaveCount(0);
    await expect(newColumn.getByRole('article').last()).toHaveAttribute(
      'aria-posinset',
      String(TOTAL),
    );
    await snap(page, 'board-scale-02-column-end');

    // "Mis solicitudes": only the admin's own, in the URL beside the search.
    await page
      .getByRole('combobox', { name: 'Ejecutivo' })
      .selectOption({ label: 'Mis solicitudes' });
    await expect(page).toHaveURL(/[?&]vendor=me(&|$)/);
    await expect(newColumn.getByLabel(`${MINE} solicitudes`, { exact: true })).toBeVisible();
    await expect(newColumn.getByRole('article')).toHaveCount(MINE);
    await snap(page, 'board-scale-03-mine');

    // A reload (or the link, shared) shows the same board.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(prefix);
    await expect(page.getByRole('combobox', { name: 'Ejecutivo' })).toHaveValue('me');
    await expect(newColumn.getByRole('article')).toHaveCount(MINE);
    for (const mine of created.slice(0, MINE)) {
      await expect(
        newColumn.getByRole('article', { name: `Solicitud ${mine.requestNumber}: ${mine.name}` }),
      ).toBeVisible();
    }
  });
});
