import { expect, test, type Page } from '@playwright/test';
import { EVENT_LABELS, LEAD_FORM_LABELS, LEAD_MESSAGES } from '@crm/shared';
import {
  card,
  column,
  editDialog,
  notice,
  openAs,
  signInAsAdmin,
  signInAsNewVendor,
  snap,
  solveCaptcha,
  unique,
  uniqueEmail,
} from '../support/app.js';
import { ADMIN } from '../support/stack.js';

/** Issue 36: what another browser changes shows here within this, without a reload. */
const LIVE_MS = 2000;

const cardIn = (page: Page, title: string, name: string) =>
  column(page, title).getByRole('article', { name: new RegExp(`: ${name}$`) });

/** Marks the page: a reload would wipe the mark. */
const markNotReloaded = (page: Page) =>
  page.evaluate(() => {
    (window as Window & { notReloaded?: boolean }).notReloaded = true;
  });
const stillNotReloaded = (page: Page) =>
  page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded === true);

async function openEditor(page: Page, name: string) {
  await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
  const dialog = editDialog(page);
  await expect(dialog.getByLabel('Etapa de la solicitud')).toBeVisible();
  return dialog;
}

test.describe('the live board (issue 36)', () => {
  test('two browsers on the board: a move, an edit and a deletion in one, a lead from the website form, all show in the other within 2 s; a request window open in the other warns of a save of the same request', async ({
    browser,
    request,
  }) => {
    const contextA = await browser.newContext();
    const contextB = await browser.newContext();
    try {
      const admin = await signInAsAdmin(request);
      const vendor = await signInAsNewVendor(request, admin.api);
      const [moved, edited, deleted, watched] = ['Movida ', 'Editada ', 'Borrada ', 'Abierta '].map(
        (prefix) => unique(prefix),
      ) as [string, string, string, string];
      for (const name of [moved, edited, deleted, watched]) await admin.api.createRequest(name);

      // A: the admin; B: a vendor, in a browser of their own.
      const a = await contextA.newPage();
      const b = await contextB.newPage();
      await openAs(a, admin.session);
      await openAs(b, vendor.session);
      for (const name of [moved, edited, deleted, watched]) {
        await expect(cardIn(b, 'NUEVA SOLICITUD', name)).toBeVisible();
        await expect(card(a, name)).toBeVisible();
      }
      await markNotReloaded(b);

      // A moves a card: B's slides to CONTACTADO.
      await card(a, moved)
        .getByRole('button', { name: /^Mover a…/ })
        .click();
      await a.getByRole('menuitem', { name: 'CONTACTADO' }).click();
      await expect(cardIn(a, 'CONTACTADO', moved)).toBeVisible();
      await expect(cardIn(b, 'CONTACTADO', moved)).toBeVisible({ timeout: LIVE_MS });
      await expect(cardIn(b, 'NUEVA SOLICITUD', moved)).toHaveCount(0);
      await snap(b, 'live-board-01-moved');

      // A edits a request's name: B's card reads the new one.
      const renamed = `${edited} editada`;
      const dialogA = await openEditor(a, edited);
      await dialogA.getByRole('textbox', { name: 'Nombre' }).fill(renamed);
      await dialogA.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(dialogA.getByText('Cambios guardados')).toBeVisible();
      await expect(card(b, renamed)).toBeVisible({ timeout: LIVE_MS });
      await a.keyboard.press('Escape');
      await expect(dialogA).toHaveCount(0);
      await snap(b, 'live-board-02-edited');

      // A deletes one: it leaves B's board.
      await card(a, deleted).getByRole('button', { name: 'Eliminar solicitud' }).click();
      await card(a, deleted).getByRole('button', { name: 'Delete' }).click();
      await expect(card(a, deleted)).toHaveCount(0);
      await expect(card(b, deleted)).toHaveCount(0, { timeout: LIVE_MS });

      // A visitor sends the website form: the lead comes on top of B's NUEVA SOLICITUD.
      const visitor = await browser.newContext();
      try {
        const form = await visitor.newPage();
        await form.goto('/form');
        const lead = unique('Visitante ');
        await form.getByLabel(LEAD_FORM_LABELS.name).fill(lead);
        await form.getByLabel(LEAD_FORM_LABELS.email).fill(uniqueEmail('visitante'));
        await form.getByLabel(LEAD_FORM_LABELS.message).fill('Queremos cotizar un evento.');
        await solveCaptcha(form);
        await form.getByRole('button', { name: LEAD_FORM_LABELS.submit }).click();
        await expect(form.getByRole('status').filter({ hasText: '¡Gracias!' })).toBeVisible();
        await expect(
          column(b, 'NUEVA SOLICITUD').getByRole('article').first(),
        ).toHaveAccessibleName(new RegExp(`: ${lead}$`), { timeout: LIVE_MS });
        await expect(notice(b, LEAD_MESSAGES.newLeadNotice(lead))).toBeVisible();
        await snap(b, 'live-board-03-lead');
      } finally {
        await visitor.close();
      }
      expect(await stillNotReloaded(b)).toBe(true);

      // B has a request open and types; A saves the same request: B's window says so, keeps
      // what B typed, and shows A's version when asked.
      const dialogB = await openEditor(b, watched);
      await dialogB.getByRole('textbox', { name: 'Compañía' }).fill('Empresa de B');
      const dialogA2 = await openEditor(a, watched);
      await dialogA2.getByRole('combobox', { name: 'Prioridad', exact: true }).selectOption('high');
      await dialogA2.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(dialogA2.getByText('Cambios guardados')).toBeVisible();

      const warning = dialogB
        .getByRole('alert')
        .filter({ hasText: EVENT_LABELS.othersChanged(`${ADMIN.name} ${ADMIN.lastName}`) });
      await expect(warning).toBeVisible({ timeout: LIVE_MS });
      // In sight where B is typing, well down the form.
      await expect(warning).toBeInViewport();
      await expect(dialogB.getByRole('textbox', { name: 'Compañía' })).toHaveValue('Empresa de B');
      await expect(dialogB.getByRole('combobox', { name: 'Prioridad', exact: true })).toHaveValue(
        'mid',
      );
      await snap(b, 'live-board-04-window-warned');

      await warning.getByRole('button', { name: EVENT_LABELS.showTheirs }).click();
      await expect(dialogB.getByRole('combobox', { name: 'Prioridad', exact: true })).toHaveValue(
        'high',
      );
      await expect(dialogB.getByRole('textbox', { name: 'Compañía' })).toHaveValue('Empresa de B');
      await expect(dialogB.getByText(/Otra persona guardó esta solicitud/)).toBeVisible();
      await snap(b, 'live-board-05-their-version');
      expect(await stillNotReloaded(b)).toBe(true);
    } finally {
      await contextB.close();
      await contextA.close();
    }
  });
});
