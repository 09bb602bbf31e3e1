import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  BULK_LABELS,
  BULK_MESSAGES,
  CSV_EXPORT,
  EXPORT_LABELS,
  REQUEST_COLUMNS,
} from '@crm/shared';
import { column, notice, openAs, signInAsAdmin, snap, unique } from '../support/app.js';

// Issue 24: act on many cards at once, and take the filtered board out as a file.

const cardIn = (page: Page, title: string, name: string) =>
  column(page, title).getByRole('article', { name: new RegExp(`: ${name}$`) });
const checkboxOf = (page: Page, name: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^${BULK_LABELS.select} .*: ${name}$`) });

test('five cards selected (one click and a Shift range) move to CONTACTADO and stay there', async ({
  page,
  request,
}) => {
  const prefix = unique('Lote');
  const admin = await signInAsAdmin(request);
  const names: string[] = [];
  for (let index = 1; index <= 5; index += 1) {
    names.push(`${prefix} ${index}`);
    await admin.api.createRequest(`${prefix} ${index}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, admin.session, `/main/requests?q=${encodeURIComponent(prefix)}`);
  for (const name of names) await expect(cardIn(page, 'NUEVA SOLICITUD', name)).toBeVisible();

  // Newest first: "5" on top. A click on it, then Shift-click on "3": three cards.
  await checkboxOf(page, names[4]!).click();
  await checkboxOf(page, names[2]!).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Acciones con la selección' });
  await expect(bar.getByText(BULK_LABELS.selected(3))).toBeVisible();
  await snap(page, 'bulk-e2e-01-three-selected');

  await checkboxOf(page, names[1]!).click();
  await checkboxOf(page, names[0]!).click();
  await expect(bar.getByText(BULK_LABELS.selected(5))).toBeVisible();
  await bar.getByRole('combobox', { name: BULK_LABELS.move }).selectOption('CONTACTADO');
  await expect(notice(page, BULK_MESSAGES.done(5))).toBeVisible();
  for (const name of names) await expect(cardIn(page, 'CONTACTADO', name)).toBeVisible();
  await expect(bar).toHaveCount(0);

  await page.reload();
  for (const name of names) await expect(cardIn(page, 'CONTACTADO', name)).toBeVisible();
  await expect(column(page, 'NUEVA SOLICITUD').getByRole('article')).toHaveCount(0);
});

test('"Exportar" saves the searched board as a CSV that Excel opens in Spanish', async ({
  page,
  request,
}) => {
  const prefix = unique('Exporta');
  const admin = await signInAsAdmin(request);
  const names = [`${prefix} Uno`, `${prefix} Dos`, `${prefix} Tres`];
  for (const name of names) await admin.api.createRequest(name);
  await admin.api.createRequest(unique('Otra'));
  await openAs(page, admin.session, `/main/requests?q=${encodeURIComponent(prefix)}`);
  for (const name of names) await expect(cardIn(page, 'NUEVA SOLICITUD', name)).toBeVisible();

  await page.getByRole('button', { name: EXPORT_LABELS.button }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: EXPORT_LABELS.csv }).click();
  const download = await downloading;
  // The browser's own download of the ticketed address (no Blob built by the page first).
  const address = new URL(download.url());
  expect(address.pathname).toBe('/api/form-contact/export');
  expect(address.searchParams.get('q')).toBe(prefix);
  expect(address.searchParams.get('ticket')).toBeTruthy();
  expect(download.suggestedFilename()).toMatch(/^solicitudes-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');

  expect(text.startsWith(CSV_EXPORT.bom)).toBe(true);
  const lines = text.slice(CSV_EXPORT.bom.length).split(CSV_EXPORT.lineEnd).filter(Boolean);
  expect(lines[0]).toBe(REQUEST_COLUMNS.map((column) => column.header).join(CSV_EXPORT.delimiter));
  expect(lines).toHaveLength(1 + names.length);
  for (const name of names) expect(lines.some((line) => line.includes(name))).toBe(true);
});
