import { expect, test } from '@playwright/test';
import { api, pathOf } from '@crm/shared';
import { card, dayFromNow, openAs, signInAsAdmin, snap, unique } from '../support/app.js';

// Issue 33, item 3: at 1280×800 a card shows its whole amount (up to $999.999.999) and its next
// step's type and date; what doesn't fit is cut with its whole text in the title.

test.use({ viewport: { width: 1280, height: 800 } });

test('a card with $999.999.999 and a long next step: the amount whole, the step’s type and date whole, its title cut with the whole step in the tooltip', async ({
  page,
  request,
}) => {
  const admin = await signInAsAdmin(request);
  const name = unique('Monto largo ');
  const created = await admin.api.createRequest(name);
  const res = await request.put(pathOf(api.requests.update, { id: created._id }), {
    headers: { Authorization: `Bearer ${admin.session.token}` },
    data: { ...created, expectedValue: 999_999_999 },
  });
  expect(res.status(), await res.text()).toBe(api.requests.update.status);
  const title = 'Reunión de cierre con la gerencia general y el área de compras';
  await admin.api.addActivity(created._id, { type: 'meeting', title, dueDate: dayFromNow(3) });

  await openAs(page, admin.session, `/main/requests?q=${encodeURIComponent(name)}`);
  const target = card(page, name);
  await expect(target).toBeVisible();
  const cardBox = await target.boundingBox();

  const amount = target.getByText('$999.999.999', { exact: true });
  await expect(amount).toBeVisible();
  const amountBox = await amount.boundingBox();
  expect(cardBox && amountBox && amountBox.x + amountBox.width <= cardBox.x + cardBox.width).toBe(
    true,
  );
  expect(await amount.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);

  // The step: its type's icon, its date whole, its title cut with the whole step as the tooltip.
  const step = target.locator('dd[title^="Reunión · "]');
  await expect(step).toHaveAttribute('title', new RegExp(`^Reunión · .+ · ${title}$`));
  await expect(step.locator('svg')).toBeVisible();
  const when = step.locator('span.shrink-0');
  expect(await when.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  const whenBox = await when.boundingBox();
  expect(cardBox && whenBox && whenBox.x + whenBox.width <= cardBox.x + cardBox.width).toBe(true);
  await snap(page, 'card-fit-1280');
});
