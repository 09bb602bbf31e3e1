import { expect, test, type Page } from '@playwright/test';
import { PRIORITY_LABELS, type Request } from '@crm/shared';
import {
  card,
  editDialog,
  openAs,
  signInAsAdmin,
  signInAsNewVendor,
  snap,
  unique,
} from '../support/app.js';

async function openEditor(page: Page, name: string) {
  await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
  const dialog = editDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('editing conflicts', () => {
  test('two browsers edit the same request; the second keeps its draft, sees the other version beside it and resolves the conflict', async ({
    browser,
    request,
  }) => {
    // Two people, each in a browser of their own: the admin and a vendor.
    const adminContext = await browser.newContext();
    const vendorContext = await browser.newContext();
    try {
      const adminPage = await adminContext.newPage();
      const vendorPage = await vendorContext.newPage();

      const admin = await signInAsAdmin(request);
      const { api } = admin;
      const vendor = await signInAsNewVendor(request, api);
      const name = unique('Conflicto');
      const created = await api.createRequest(name);
      expect(created.priority).toBe('mid');

      await openAs(adminPage, admin.session);
      await expect(card(adminPage, name)).toBeVisible();
      await openAs(vendorPage, vendor.session);
      await expect(card(vendorPage, name)).toBeVisible();

      // Both open "Editar solicitud" on the same version of the request.
      const adminDialog = await openEditor(adminPage, name);
      const vendorDialog = await openEditor(vendorPage, name);

      // The admin adds a note (saved at once); the vendor, who has typed nothing yet, sees it
      // come in (issue 36's live stream).
      const adminNote = `Nota del admin ${unique('n')}`;
      await adminDialog.getByRole('button', { name: 'Agregar nota' }).click();
      await adminDialog.getByRole('textbox', { name: 'Nueva nota' }).fill(adminNote);
      await adminDialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(adminDialog.getByRole('list', { name: 'Notas' })).toContainText(adminNote);
      await expect(vendorDialog.getByRole('list', { name: 'Notas' })).toContainText(adminNote);

      // The vendor types another company and raises the priority; meanwhile the admin types a
      // company and saves first.
      const vendorCompany = vendorDialog.getByRole('textbox', { name: 'Compañía' });
      await vendorCompany.fill('Empresa del vendedor');
      const vendorPriority = vendorDialog.getByRole('combobox', { name: 'Prioridad', exact: true });
      await vendorPriority.selectOption('high');
      await adminDialog.getByRole('textbox', { name: 'Compañía' }).fill('Empresa del admin');
      await adminDialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(adminDialog.getByText('Cambios guardados')).toBeVisible();
      await snap(adminPage, 'conflict-01-first-save');

      // The vendor's window says so (issue 36), and "Guardar cambios" shows the admin's version
      // first, as a refused save (409) would.
      await expect(
        vendorDialog.getByRole('alert').filter({ hasText: 'cambió esta solicitud mientras' }),
      ).toBeVisible();
      await vendorDialog.getByRole('button', { name: 'Guardar cambios' }).click();

      // Nothing the vendor typed is gone: the panel shows the admin's company beside the
      // vendor's, and the vendor's priority is still chosen.
      const panel = vendorDialog.getByRole('alert', { name: 'Otra persona cambió esta solicitud' });
      await expect(panel).toBeVisible();
      const companyRow = panel.getByRole('row', { name: /Compañía/ });
      await expect(companyRow.getByRole('cell').nth(0)).toHaveText('Empresa del admin');
      await expect(companyRow.getByRole('cell').nth(1)).toHaveText('Empresa del vendedor');
      await expect(vendorCompany).toHaveValue('Empresa del vendedor');
      await expect(vendorPriority).toHaveValue('high');
      // The admin's note, saved on its own, is there too.
      await expect(vendorDialog.getByRole('list', { name: 'Notas' })).toContainText(adminNote);
      await snap(vendorPage, 'conflict-02-panel');

      // Nothing of the vendor's was stored yet.
      const stored = async (): Promise<Request> => {
        const found = (await api.requests()).find((candidate) => candidate._id === created._id);
        if (!found) throw new Error(`request ${created._id} is gone`);
        return found;
      };
      expect(await stored()).toMatchObject({
        company: 'Empresa del admin',
        priority: 'mid',
        notes: [adminNote],
      });

      // The vendor keeps their version: saved on top of the admin's, the note kept.
      await panel.getByRole('button', { name: 'Guardar la mía' }).click();
      await expect(vendorDialog.getByText('Cambios guardados')).toBeVisible();
      await expect(panel).toHaveCount(0);
      await snap(vendorPage, 'conflict-03-resolved');
      expect(await stored()).toMatchObject({
        company: 'Empresa del vendedor',
        priority: 'high',
        notes: [adminNote],
      });

      // And the admin, opening it again after a reload, sees both people's work.
      await adminPage.keyboard.press('Escape');
      await adminPage.reload();
      await expect(card(adminPage, name)).toContainText(`Prioridad: ${PRIORITY_LABELS.high}`);
      const adminAgain = await openEditor(adminPage, name);
      await expect(adminAgain.getByRole('list', { name: 'Notas' })).toContainText(adminNote);
      await expect(
        adminAgain.getByRole('combobox', { name: 'Prioridad', exact: true }),
      ).toHaveValue('high');
      await expect(adminAgain.getByRole('textbox', { name: 'Compañía' })).toHaveValue(
        'Empresa del vendedor',
      );
      await snap(adminPage, 'conflict-04-both-kept');
    } finally {
      await vendorContext.close();
      await adminContext.close();
    }
  });
});
