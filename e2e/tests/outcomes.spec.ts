import { expect, test, type Page } from '@playwright/test';
import { OUTCOME_LABELS, api, pathOf } from '@crm/shared';
import {
  card,
  column,
  dragWithMouse,
  openAs,
  signInAsAdmin,
  snap,
  unique,
} from '../support/app.js';

// Issue 21: what a request is worth, and why a closed one was lost.

const totalOf = (page: Page, title: string) =>
  column(page, title).getByTitle(OUTCOME_LABELS.columnTotal);
/** CERRADO's won and lost, apart since issue 33: "Ganadas $0 Perdidas $1.500.000". */
const closedOf = (page: Page) => column(page, 'CERRADO').getByTitle(OUTCOME_LABELS.closedTotalHelp);

test('a request worth $1.500.000 dragged to CERRADO as Perdida (Precio): both totals follow, and the reason shows after a reload', async ({
  page,
  request,
}) => {
  const admin = await signInAsAdmin(request);
  const name = unique('Valor');
  const created = await admin.api.createRequest(name);
  const res = await request.put(pathOf(api.requests.update, { id: created._id }), {
    headers: { Authorization: `Bearer ${admin.session.token}` },
    data: { ...created, expectedValue: 1_500_000 },
  });
  expect(res.status(), await res.text()).toBe(api.requests.update.status);

  await openAs(page, admin.session, `/main/requests?q=${encodeURIComponent(name)}`);
  const moving = column(page, 'NUEVA SOLICITUD').getByRole('article', {
    name: new RegExp(`: ${name}$`),
  });
  await expect(moving).toContainText('$1.500.000');
  await expect(totalOf(page, 'NUEVA SOLICITUD')).toHaveText(/\$1\.500\.000/);
  await expect(closedOf(page)).toHaveText(
    new RegExp(`${OUTCOME_LABELS.closedWon} \\$0\\s*${OUTCOME_LABELS.closedLost} \\$0`),
  );

  await dragWithMouse(page, moving, column(page, 'CERRADO'), 'outcomes-e2e-01-dragging');
  const dialog = page.getByRole('dialog', { name: OUTCOME_LABELS.question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: OUTCOME_LABELS.lost }).click();
  await dialog.getByLabel(OUTCOME_LABELS.reason).selectOption('Precio');
  await snap(page, 'outcomes-e2e-02-question');
  await dialog.getByRole('button', { name: OUTCOME_LABELS.confirm }).click();
  await expect(dialog).toBeHidden();

  await expect(totalOf(page, 'NUEVA SOLICITUD')).toHaveText(/\$0/);
  // A lost deal counts in Perdidas, never in Ganadas.
  await expect(closedOf(page)).toHaveText(
    new RegExp(`${OUTCOME_LABELS.closedWon} \\$0\\s*${OUTCOME_LABELS.closedLost} \\$1\\.500\\.000`),
  );

  await page.reload();
  const closed = column(page, 'CERRADO').getByRole('article', { name: new RegExp(`: ${name}$`) });
  await expect(closed).toContainText(OUTCOME_LABELS.lostBecause('Precio'));
  await expect(closedOf(page)).toHaveText(
    new RegExp(`${OUTCOME_LABELS.closedWon} \\$0\\s*${OUTCOME_LABELS.closedLost} \\$1\\.500\\.000`),
  );
  await expect(card(page, name)).toHaveCount(1);
  await snap(page, 'outcomes-e2e-03-after-reload');
});
