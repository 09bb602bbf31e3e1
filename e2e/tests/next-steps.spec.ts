import { expect, test, type Page } from '@playwright/test';
import { MongoClient, ObjectId } from 'mongodb';
import { ACTIVITY_LABELS, AGENDA_LABELS, NEXT_ACTION_LABELS } from '@crm/shared';
import {
  card,
  dayFromNow,
  editDialog,
  notice,
  openAs,
  signInAsNewVendor,
  snap,
  unique,
} from '../support/app.js';
import { workerDatabase } from '../support/stack.js';

// Issue 20: every open card says what's next; the bell counts what is due; stale requests show.
// Each scenario signs in as a sales rep of its own, so the bell counts only its activities.

const DAY_MS = 24 * 60 * 60 * 1000;

const bell = (page: Page, count: number) =>
  page.getByRole('link', { name: AGENDA_LABELS.bell(count) });

/** The board searched down to one request's card. */
const boardOf = (name: string) => `/main/requests?q=${encodeURIComponent(name)}`;

test.describe('next steps', () => {
  test('a call planned for today: the bell shows 1 and the card "Hoy"; completed, its notice offers the next one and the bell shows 0', async ({
    page,
    request,
  }) => {
    const rep = await signInAsNewVendor(request);
    const name = unique('Hoy');
    await rep.api.createRequest(name);
    await openAs(page, rep.session, boardOf(name));
    await expect(card(page, name)).toContainText(NEXT_ACTION_LABELS.none);
    await expect(bell(page, 0)).toBeVisible();

    await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
    const dialog = editDialog(page);
    await dialog.getByRole('button', { name: ACTIVITY_LABELS.plan }).click();
    await dialog.getByLabel(ACTIVITY_LABELS.title).fill('Llamar para confirmar');
    await dialog
      .getByRole('group', { name: ACTIVITY_LABELS.quickChoices })
      .getByRole('button', { name: ACTIVITY_LABELS.today })
      .click();
    await dialog.getByRole('button', { name: ACTIVITY_LABELS.add, exact: true }).click();
    await expect(dialog.getByText('Llamar para confirmar', { exact: true })).toBeVisible();
    await snap(page, 'next-steps-e2e-01-planned');

    // The modal hides the page behind it from assistive technology: the bell is read after it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bell(page, 1)).toBeVisible();
    await expect(card(page, name)).toContainText('Hoy');
    await expect(card(page, name)).toContainText('Llamar para confirmar');
    await snap(page, 'next-steps-e2e-02-card-today');

    await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
    await dialog
      .getByRole('checkbox', { name: `${ACTIVITY_LABELS.doneMark}: Llamar para confirmar` })
      .click();
    // Issue 33: the offer is in the completion's notice, as everywhere an activity is completed.
    const done = notice(page, 'Hecha: Llamar para confirmar.');
    await expect(done.getByRole('button', { name: ACTIVITY_LABELS.planNext })).toBeVisible();
    await expect(done.getByRole('button', { name: 'Deshacer' })).toBeVisible();
    await snap(page, 'next-steps-e2e-03-offer-next');

    await page.keyboard.press('Escape');
    await expect(bell(page, 0)).toBeVisible();
    await expect(card(page, name)).toContainText(NEXT_ACTION_LABELS.none);
  });

  test('an overdue activity shows red after a reload, and the agenda lists it', async ({
    page,
    request,
  }) => {
    const rep = await signInAsNewVendor(request);
    const name = unique('Vencida');
    const created = await rep.api.createRequest(name);
    await rep.api.addActivity(created._id, {
      type: 'email',
      title: 'Enviar cotización',
      dueDate: dayFromNow(-2),
    });

    await openAs(page, rep.session, boardOf(name));
    await page.reload();
    const overdue = card(page, name).locator('[data-overdue]');
    await expect(overdue).toBeVisible();
    await expect(card(page, name)).toContainText(ACTIVITY_LABELS.overdue);
    // Tailwind 4's red-700.
    await expect(overdue).toHaveCSS('color', 'oklch(0.505 0.213 27.518)');
    await expect(bell(page, 1)).toBeVisible();
    await snap(page, 'next-steps-e2e-04-overdue');

    await bell(page, 1).click();
    await expect(page).toHaveURL(/\/main\/agenda$/);
    const overdueSection = page.getByRole('region', { name: AGENDA_LABELS.overdue });
    await expect(overdueSection.getByText('Enviar cotización')).toBeVisible();
    await snap(page, 'next-steps-e2e-05-agenda');
  });

  test('a request in CONTACTADO for 9 days (limit 5) shows "Estancada 9 días"', async ({
    page,
    request,
  }) => {
    const rep = await signInAsNewVendor(request);
    const name = unique('Quieta');
    const created = await rep.api.createRequest(name);
    // No screen can date a move in the past: arranged in the database, as a request left alone.
    // Its versions rise as a move's would: the creation's event, which may reach the live board
    // after the board's read, is then the older copy and does not undo the move (live-cache.ts).
    const { url, name: dbName } = workerDatabase();
    const client = await MongoClient.connect(url);
    try {
      const requests = client.db(dbName).collection('requests');
      // The API takes the creation's event off the request just after answering; FerretDB 1.x
      // writes a whole document back, so a write of ours in between would be undone by it.
      await expect
        .poll(async () => {
          const stored = await requests.findOne({ _id: new ObjectId(created._id) });
          return (stored?.pendingEvents as unknown[] | undefined)?.length ?? 0;
        })
        .toBe(0);
      await requests.updateOne(
        { _id: new ObjectId(created._id) },
        {
          $set: {
            status: 'contacted',
            stageChangedAt: new Date(Date.now() - 9 * DAY_MS - 60_000),
          },
          $inc: { version: 1, statusVersion: 1 },
        },
      );
    } finally {
      await client.close();
    }

    await openAs(page, rep.session, boardOf(name));
    await expect(card(page, name)).toContainText(NEXT_ACTION_LABELS.stale(9));
    await snap(page, 'next-steps-e2e-06-stale');
  });
});
