import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { LEAD_FORM_LABELS, LEAD_MESSAGES, SOURCE_OF_CONTACT_LABELS } from '@crm/shared';
import {
  board,
  card,
  column,
  editDialog,
  openAs,
  signInAsAdmin,
  snap,
  solveCaptcha,
  unique,
  uniqueEmail,
} from '../support/app.js';
import { BASE_URL } from '../support/stack.js';

/** Fills /form as a visitor would and sends it; the page thanks them (no number: issue 18). */
async function sendForm(page: Page, name: string, email: string): Promise<void> {
  await page.getByLabel(LEAD_FORM_LABELS.name).fill(name);
  await page.getByLabel(LEAD_FORM_LABELS.email).fill(email);
  await page.getByLabel(LEAD_FORM_LABELS.company).fill('Eventos del Sur');
  await page.getByLabel(LEAD_FORM_LABELS.requestType).selectOption('agendar reunión');
  await page
    .getByLabel(LEAD_FORM_LABELS.message)
    .fill('Queremos cotizar un evento para 80 personas.');
  await solveCaptcha(page);
  await page.getByRole('button', { name: LEAD_FORM_LABELS.submit }).click();
  const success = page.getByRole('status').filter({ hasText: '¡Gracias!' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(LEAD_MESSAGES.success);
}

test.describe('website leads', () => {
  test('a visitor sends /form; staff already on the board see the card appear, from "Formulario landing", without a reload', async ({
    browser,
    page,
    request,
  }) => {
    // Staff first, on the board, with a marker that a reload would wipe.
    await openAs(page, (await signInAsAdmin(request)).session);
    await expect(board(page)).toBeVisible();
    await page.evaluate(() => {
      (window as Window & { notReloaded?: boolean }).notReloaded = true;
    });

    const visitor = await browser.newContext();
    const form = await visitor.newPage();
    await form.goto('/form');
    await expect(form.getByRole('heading', { name: LEAD_FORM_LABELS.title })).toBeVisible();
    await expect(form.getByLabel(LEAD_FORM_LABELS.requestType)).toHaveValue('otro');
    // §5 errors before sending anything.
    await form.getByRole('button', { name: LEAD_FORM_LABELS.submit }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText(LEAD_MESSAGES.captchaRequired)).toBeVisible();
    await snap(form, 'lead-form-errors');

    const name = unique('Visitante ');
    await sendForm(form, name, uniqueEmail('visitante'));
    await snap(form, 'lead-form-success');
    await visitor.close();

    // Issue 36: the live stream brings it (tests/live-board.spec.ts holds it to 2 s).
    await expect(column(page, 'NUEVA SOLICITUD').getByRole('article').first()).toHaveAccessibleName(
      new RegExp(`: ${name}$`),
      { timeout: 15_000 },
    );
    await expect(
      page.getByRole('status').filter({ hasText: LEAD_MESSAGES.newLeadNotice(name) }),
    ).toBeVisible();
    // The card shows the number the request took (the form told the visitor none).
    await expect(card(page, name)).toContainText(/\d+/);
    expect(
      await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await snap(page, 'lead-on-board');

    await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
    await expect(
      editDialog(page).getByText(SOURCE_OF_CONTACT_LABELS.website).first(),
    ).toBeVisible();
    await snap(page, 'lead-source');
  });

  test('embed.js puts the form into another site’s page', async ({ page }) => {
    // Another site: a page on another port (another origin) with the documented snippet. A real
    // server on loopback, as Chromium keeps pages of no address (page.route) from loopback ones.
    const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Eventos del Sur</title>
<style>body{font-family:Georgia,serif;background:#fdf6e3;margin:0;padding:2rem}h1{color:#b58900}
input{background:#f00}</style></head><body>
<h1>Eventos del Sur</h1><p>Organizamos tu próximo evento. Escríbenos:</p>
<script src="${BASE_URL}/embed.js" data-crm-form></script>
</body></html>`;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await page.setViewportSize({ width: 900, height: 1100 });
    await page.goto(`${site}/contacto`);
    const frame = page.frameLocator('iframe[data-crm-form-frame]');
    await expect(frame.getByRole('heading', { name: LEAD_FORM_LABELS.title })).toBeVisible();
    // The page's styles stay out: its red inputs don't reach the form.
    const background = await frame
      .getByLabel(LEAD_FORM_LABELS.name)
      .evaluate((input) => getComputedStyle(input).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    // The frame grows to the form: no inner scroll.
    await expect
      .poll(async () =>
        page
          .locator('iframe[data-crm-form-frame]')
          .evaluate((f) => f.getBoundingClientRect().height),
      )
      .toBeGreaterThan(600);
    await snap(page, 'embed-form');
    server.close();
  });
});
