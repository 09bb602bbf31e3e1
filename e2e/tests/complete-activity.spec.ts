import { expect, test, type Page } from '@playwright/test';
import { AGENDA_LABELS } from '@crm/shared';
import { dayFromNow, notice, openAs, signInAsNewVendor, snap, unique } from '../support/app.js';

// Issue 33 item 4: "Completar" in the Agenda is no dead end. A notice says it is done and offers
// "Deshacer"; the focus goes to the next row's "Completar"; a double click completes one, even
// when its second click lands on the next row's button, which slid under the pointer.

const range = (page: Page, title: string) => page.getByRole('region', { name: title });
const completeButton = (page: Page, title: string) =>
  page.getByRole('button', { name: `${AGENDA_LABELS.complete}: ${title}` });

/** A rep of its own with three overdue activities on one request, at the Agenda. */
async function agendaWithThree(page: Page, request: Parameters<typeof signInAsNewVendor>[0]) {
  const rep = await signInAsNewVendor(request);
  const created = await rep.api.createRequest(unique('Completar'));
  const titles = [unique('Primera'), unique('Segunda'), unique('Tercera')];
  for (const [index, title] of titles.entries()) {
    await rep.api.addActivity(created._id, {
      type: 'call',
      title,
      dueDate: dayFromNow(index - 3),
    });
  }
  await openAs(page, rep.session, '/main/agenda');
  const overdue = range(page, AGENDA_LABELS.overdue);
  await expect(overdue.getByRole('listitem')).toHaveCount(3);
  return { overdue, titles };
}

test.describe('completing from the Agenda', () => {
  test('a notice says it is done; its "Deshacer" brings the row back', async ({
    page,
    request,
  }) => {
    const { overdue, titles } = await agendaWithThree(page, request);
    const [first] = titles as [string, string, string];

    await completeButton(page, first).click();
    const done = notice(page, `Hecha: ${first}.`);
    await expect(done).toBeVisible();
    await expect(done.getByRole('button', { name: 'Planificar la siguiente' })).toBeVisible();
    await expect(overdue.getByRole('listitem')).toHaveCount(2);
    await snap(page, 'complete-activity-e2e-01-notice');

    await done.getByRole('button', { name: 'Deshacer' }).click();
    await expect(overdue.getByRole('listitem')).toHaveCount(3);
    await expect(completeButton(page, first)).toBeFocused();
    await snap(page, 'complete-activity-e2e-02-undone');
  });

  test('the focus goes to the next row’s "Completar"', async ({ page, request }) => {
    const { overdue, titles } = await agendaWithThree(page, request);
    const [first, second] = titles as [string, string, string];

    await completeButton(page, first).click();
    await expect(overdue.getByRole('listitem')).toHaveCount(2);
    await expect(completeButton(page, second)).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `${AGENDA_LABELS.complete}: ${second}`,
    );
  });

  test('a double click completes one', async ({ page, request }) => {
    const { overdue, titles } = await agendaWithThree(page, request);
    const [first, second, third] = titles as [string, string, string];

    // Both clicks before the answer.
    await completeButton(page, first).dblclick();
    await expect(notice(page, `Hecha: ${first}.`)).toBeVisible();
    await expect(overdue.getByRole('listitem')).toHaveCount(2);

    // The second click after the row left: the next row's button is under the pointer then.
    const box = await completeButton(page, second).boundingBox();
    if (!box) throw new Error('no button');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down({ clickCount: 1 });
    await page.mouse.up({ clickCount: 1 });
    await expect(overdue.getByRole('listitem')).toHaveCount(1);
    await expect(completeButton(page, third)).toBeVisible();
    expect(await completeButton(page, third).boundingBox()).toMatchObject({ y: box.y });
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });

    await expect(notice(page, `Hecha: ${second}.`)).toBeVisible();
    // Nothing more leaves, even once the agenda is read again.
    await page.reload();
    await expect(range(page, AGENDA_LABELS.overdue).getByRole('listitem')).toHaveCount(1);
    await expect(completeButton(page, third)).toBeVisible();
  });
});
