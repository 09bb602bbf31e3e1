import { expect, test, type Page } from '@playwright/test';
import { API_MESSAGES, PRIORITY_LABELS, type Request } from '@crm/shared';
import {
  card,
  editDialog,
  notice,
  signIn,
  signInAsAdmin,
  snap,
  unique,
  uniqueEmail,
} from '../support/app.js';

async function openEditor(page: Page, name: string) {
  await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
  const dialog = editDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('editing conflicts', () => {
  test('two browser contexts edit the same request; the second save gets the conflict notice and nothing of the first is lost', async ({
    browser,
    request,
  }) => {
    // Two people, each in a browser of their own: the admin and a vendor.
    const adminContext = await browser.newContext();
    const vendorContext = await browser.newContext();
    try {
      const adminPage = await adminContext.newPage();
      const vendorPage = await vendorContext.newPage();

      const api = await signInAsAdmin(adminPage, request);
      const vendor = {
        name: 'Vera',
        lastName: 'Vendedora',
        email: uniqueEmail('conflict.vendor'),
        password: 'Vendor.Pass#1',
        role: 'vendor' as const,
      };
      await api.createUser(vendor);
      const name = unique('Conflicto');
      const created = await api.createRequest(name);
      expect(created.priority).toBe('mid');

      // The admin's board was fetched before the request existed.
      await adminPage.reload();
      await expect(card(adminPage, name)).toBeVisible();
      await signIn(vendorPage, vendor.email, vendor.password);
      await expect(card(vendorPage, name)).toBeVisible();

      // Both open "Editar solicitud" on the same version of the request.
      const adminDialog = await openEditor(adminPage, name);
      const vendorDialog = await openEditor(vendorPage, name);

      // The admin adds a note, raises the priority and saves first.
      const adminNote = `Nota del admin ${unique('n')}`;
      await adminDialog.getByRole('button', { name: 'Agregar nota' }).click();
      await adminDialog.getByRole('textbox', { name: 'Nueva nota' }).fill(adminNote);
      await adminDialog.getByRole('button', { name: 'Add', exact: true }).click();
      await adminDialog
        .getByRole('combobox', { name: 'Prioridad', exact: true })
        .selectOption('high');
      await adminDialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(
        adminDialog.getByRole('status').filter({ hasText: 'Cambios guardados' }),
      ).toBeVisible();
      await snap(adminPage, 'conflict-01-first-save');

      // The vendor, still on the old version, changes another field and saves.
      const company = adminDialog.getByRole('textbox', { name: 'Compañía' });
      await expect(company).toHaveValue('');
      const vendorCompany = vendorDialog.getByRole('textbox', { name: 'Compañía' });
      await vendorCompany.fill('Empresa del vendedor');
      await vendorDialog.getByRole('button', { name: 'Guardar cambios' }).click();

      const conflictNotice = notice(vendorPage, API_MESSAGES.requestConflict);
      await expect(conflictNotice).toBeVisible();
      await expect(vendorDialog.getByText('Cambios guardados')).toHaveCount(0);

      // The form now shows what is stored: the admin's note and priority, without the vendor's
      // refused change (the notice asks to apply it again).
      await expect(vendorDialog.getByText(adminNote)).toBeVisible();
      const vendorPriority = vendorDialog.getByRole('combobox', { name: 'Prioridad', exact: true });
      await expect(vendorPriority).toHaveValue('high');
      await expect(vendorPriority.locator('option:checked')).toHaveText(PRIORITY_LABELS.high);
      await expect(vendorCompany).toHaveValue('');
      // The notice has finished sliding in (it closes by itself after 3 s).
      await expect(conflictNotice).not.toHaveClass(/Toastify__slide-enter/);
      await snap(vendorPage, 'conflict-02-notice');
      await vendorDialog.getByText(adminNote).scrollIntoViewIfNeeded();
      await snap(vendorPage, 'conflict-03-form-reloaded');
      // The notice can be closed by hand while the modal stays open (§9: close on click).
      await conflictNotice.getByRole('button', { name: 'close' }).click();
      await expect(conflictNotice).toHaveCount(0);
      await expect(vendorDialog).toBeVisible();

      // Stored: the first save, and only it.
      const stored = async (): Promise<Request> => {
        const found = (await api.requests()).find((candidate) => candidate._id === created._id);
        if (!found) throw new Error(`request ${created._id} is gone`);
        return found;
      };
      const afterConflict = await stored();
      expect(afterConflict.priority).toBe('high');
      expect(afterConflict.notes).toEqual([adminNote]);
      expect(afterConflict.company ?? '').toBe('');
      expect(afterConflict.version).toBe(created.version + 1);

      // Both boards show the admin's priority (red bar, "Prioridad: Alta").
      for (const page of [vendorPage, adminPage]) {
        await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      await adminPage.reload();
      for (const page of [vendorPage, adminPage]) {
        await expect(card(page, name)).toContainText(`Prioridad: ${PRIORITY_LABELS.high}`);
        await expect(card(page, name).locator('[data-priority-color]')).toHaveAttribute(
          'data-priority-color',
          'red',
        );
      }

      // The vendor applies the change again, on the stored version: now it saves, and the
      // admin's note and priority are kept alongside it.
      const vendorRetry = await openEditor(vendorPage, name);
      await expect(vendorRetry.getByText(adminNote)).toBeVisible();
      await vendorRetry.getByRole('textbox', { name: 'Compañía' }).fill('Empresa del vendedor');
      await vendorRetry.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(
        vendorRetry.getByRole('status').filter({ hasText: 'Cambios guardados' }),
      ).toBeVisible();
      await expect(conflictNotice).toHaveCount(0);

      const afterRetry = await stored();
      expect(afterRetry).toMatchObject({
        priority: 'high',
        notes: [adminNote],
        company: 'Empresa del vendedor',
        version: created.version + 2,
      });

      // And the admin, opening it again after a reload, sees both.
      await adminPage.reload();
      const adminAgain = await openEditor(adminPage, name);
      await expect(adminAgain.getByText(adminNote)).toBeVisible();
      await expect(
        adminAgain.getByRole('combobox', { name: 'Prioridad', exact: true }),
      ).toHaveValue('high');
      await expect(adminAgain.getByRole('textbox', { name: 'Compañía' })).toHaveValue(
        'Empresa del vendedor',
      );
      await snap(adminPage, 'conflict-04-both-kept');
      await adminAgain.getByText(adminNote).scrollIntoViewIfNeeded();
      await snap(adminPage, 'conflict-05-both-kept-notes');
    } finally {
      await vendorContext.close();
      await adminContext.close();
    }
  });
});
