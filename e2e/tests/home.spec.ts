import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD_LABELS, OUTCOME_LABELS, api, pathOf } from '@crm/shared';
import {
  card,
  column,
  dragWithMouse,
  openAs,
  signInAsAdmin,
  signInAsNewVendor,
  snap,
  unique,
} from '../support/app.js';

// Issue 22: Inicio counts what was just done, and each figure opens the board it counts.
// A sales rep of the scenario's own, so their figures hold only what the scenario gives them.

/** A figure of Inicio that opens the board: "Solicitudes cerradas, 1: ver en el tablero". */
const figure = (page: Page, what: string, value: string) =>
  page.getByRole('link', { name: DASHBOARD_LABELS.onBoard(`${what}, ${value}`) });

const closedPanel = (page: Page) => page.getByRole('region', { name: DASHBOARD_LABELS.closed });

test('a request closed as Ganada with $2.345.000 paid shows in Inicio, and a stage count opens the board filtered to the rep', async ({
  page,
  request,
}) => {
  const admin = await signInAsAdmin(request);
  const rep = await signInAsNewVendor(request, admin.api);
  const name = unique('Inicio');
  const created = await admin.api.createRequest(name);
  const assigned = await admin.api.assignVendor(created._id, rep.session.userId);
  const res = await request.put(pathOf(api.requests.update, { id: created._id }), {
    headers: { Authorization: `Bearer ${admin.session.token}` },
    data: { ...assigned, amoutPaid: 2_345_000 },
  });
  expect(res.status(), await res.text()).toBe(api.requests.update.status);

  await openAs(page, rep.session, '/main/home');
  await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_LABELS.title })).toBeVisible();
  await expect(figure(page, DASHBOARD_LABELS.closedCount, '0')).toBeVisible();
  await expect(figure(page, 'NUEVA SOLICITUD', '1')).toBeVisible();
  await expect(figure(page, 'CERRADO', '0')).toBeVisible();
  await snap(page, 'home-e2e-01-before');

  await page.goto(`/main/requests?q=${encodeURIComponent(name)}`);
  await dragWithMouse(page, card(page, name), column(page, 'CERRADO'), 'home-e2e-02-dragging');
  const dialog = page.getByRole('dialog', { name: OUTCOME_LABELS.question });
  await dialog.getByRole('radio', { name: OUTCOME_LABELS.won }).click();
  await dialog.getByRole('button', { name: OUTCOME_LABELS.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(
    column(page, 'CERRADO').getByRole('article', { name: new RegExp(`: ${name}$`) }),
  ).toBeVisible();

  // Right after the move: no cache holds the figures back.
  await page.goto('/main/home');
  await expect(figure(page, DASHBOARD_LABELS.closedCount, '1')).toBeVisible();
  await expect(closedPanel(page)).toContainText('$2.345.000');
  await expect(figure(page, 'CERRADO', '1')).toBeVisible();
  await snap(page, 'home-e2e-03-after-closing');

  await figure(page, 'NUEVA SOLICITUD', '1').click();
  await expect(page).toHaveURL(/\/main\/requests\?vendor=me$/);
  await expect(card(page, name)).toBeVisible();
  await snap(page, 'home-e2e-04-board');
});
