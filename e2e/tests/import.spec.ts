import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_LABELS,
  IMPORT_MESSAGES,
  IMPORT_OPEN_LABEL,
} from '@crm/shared';
import { column, openAs, signInAsAdmin, snap, unique } from '../support/app.js';

// Issue 24: "Importar" (system admin): a spreadsheet of requests in, checked, then imported in
// the background while the board looks on.

/** The 50 rows of the file (as Excel in Spanish writes a CSV: `;`, CRLF); 3 of them are wrong. */
function clientsCsv(prefix: string) {
  const mail = unique('fila')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const lines = ['Nombre;Correo electrónico;Empresa;Etapa;Prioridad'];
  for (let index = 1; index <= 50; index += 1) {
    const name = index === 30 ? '' : `${prefix} ${String(index).padStart(2, '0')}`;
    const email = index === 10 ? 'sin-arroba' : `${mail}.${index}@import.test`;
    const stage = index === 20 ? 'Inventada' : index % 5 === 0 ? 'Contactado' : 'Nueva solicitud';
    lines.push([name, email, 'Importadora Sur', stage, index % 2 ? 'Alta' : ''].join(';'));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** axe over the open dialog (the page behind it is inert while it is open): the rules broken. */
async function dialogViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`);
}

test('an admin imports a 50-row CSV: the 3 bad rows are reported, the 47 others appear on the board without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const prefix = unique('Importa');
  const admin = await signInAsAdmin(request);
  await openAs(page, admin.session, `/main/requests?q=${encodeURIComponent(prefix)}`);
  const count = (title: string) => column(page, title).getByLabel(/ solicitudes$/);
  await expect(count('NUEVA SOLICITUD')).toHaveText('0');

  await page.getByRole('button', { name: IMPORT_OPEN_LABEL }).click();
  const dialog = page.getByRole('dialog', { name: IMPORT_LABELS.title });
  await dialog.getByLabel(IMPORT_LABELS.pickFile).setInputFiles({
    name: 'clientes.csv',
    mimeType: 'text/csv',
    buffer: clientsCsv(prefix),
  });

  // The columns, with the API's guess.
  await expect(dialog.getByRole('heading', { name: IMPORT_LABELS.steps[1] })).toBeFocused();
  await expect(dialog.getByRole('combobox', { name: 'Correo electrónico' })).toHaveValue('email');
  await expect(dialog.getByRole('combobox', { name: 'Etapa' })).toHaveValue('status');
  await snap(page, 'import-e2e-01-mapping');
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: IMPORT_LABELS.check }).click();

  // The report: the 3 bad rows, by row and field.
  await expect(dialog.getByRole('heading', { name: IMPORT_LABELS.steps[2] })).toBeFocused();
  await expect(
    dialog.getByText(IMPORT_LABELS.summary({ rows: 50, valid: 47, rejected: 3 })),
  ).toBeVisible();
  const errors = dialog.getByRole('table', { name: IMPORT_LABELS.errorsTitle(3, 3) });
  const errorRows = errors.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(errorRows).toHaveCount(3);
  await expect(errorRows.nth(0)).toContainText(
    `11${IMPORT_FIELD_LABELS.email}sin-arroba${IMPORT_MESSAGES.invalidEmail}`,
  );
  await expect(errorRows.nth(1)).toContainText(
    `21${IMPORT_FIELD_LABELS.status}Inventada${IMPORT_MESSAGES.unknownStage}`,
  );
  await expect(errorRows.nth(2)).toContainText(
    `31${IMPORT_FIELD_LABELS.name}${IMPORT_MESSAGES.nameRequired}`,
  );
  await snap(page, 'import-e2e-02-report');
  expect(await dialogViolations(page)).toEqual([]);

  // The rejected rows as a CSV, with their errors.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: IMPORT_LABELS.downloadRejected }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('clientes-rechazadas.csv');
  const rejected = (await readFile(await download.path(), 'utf8')).split('\r\n').filter(Boolean);
  expect(rejected).toHaveLength(4);
  expect(rejected[1]).toContain(IMPORT_MESSAGES.invalidEmail);

  // Imported in the background; the board follows it.
  await dialog.getByRole('button', { name: IMPORT_LABELS.start(47) }).click();
  await expect(dialog.getByRole('heading', { name: IMPORT_LABELS.steps[3] })).toBeFocused();
  await expect(
    dialog.getByText(IMPORT_LABELS.done({ created: 47, updated: 0, skipped: 0, rejected: 3 })),
  ).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await snap(page, 'import-e2e-03-done');
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: IMPORT_LABELS.close }).last().click();
  await expect(dialog).toHaveCount(0);

  // 40 new, 7 contacted (every fifth row but the bad 10th, 20th and 30th), no reload.
  await expect(count('NUEVA SOLICITUD')).toHaveText('40');
  await expect(count('CONTACTADO')).toHaveText('7');
  // All created at the import's instant: the file's last rows come first.
  const cardIn = (title: string, row: string) =>
    column(page, title).getByRole('article', { name: new RegExp(`: ${prefix} ${row}$`) });
  await expect(cardIn('NUEVA SOLICITUD', '49')).toBeVisible();
  await expect(cardIn('CONTACTADO', '50')).toBeVisible();
});
