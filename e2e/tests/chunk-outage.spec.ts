import { expect, test, type Page, type Route } from '@playwright/test';
import { AGENDA_LABELS, DASHBOARD_LABELS, OUTAGE_LABELS } from '@crm/shared';
import { board, openAs, signInAsAdmin, snap, type Session } from '../support/app.js';

// Issue 33, item 9: a screen's lazily loaded code that can't be loaded (the server away, or a
// deploy that renamed it while the tab was open) shows the outage page, not a white page.

const AGENDA_CHUNK = '**/assets/agenda-page-*.js';
const HOME_CHUNK = '**/assets/home-page-*.js';

let admin: Session;

test.beforeAll(async ({ request }) => {
  admin = (await signInAsAdmin(request)).session;
});

const outageHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: OUTAGE_LABELS.title });

const agendaLink = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: AGENDA_LABELS.title });

/** The page's loads from now on (each reload asks for the document again; a link doesn't). */
function countLoads(page: Page) {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

test('Agenda’s code can’t be loaded: the outage page with "Reintentar"; once it can, "Reintentar" opens Agenda', async ({
  page,
}) => {
  await openAs(page, admin, '/main/requests');
  await expect(board(page)).toBeVisible();
  await page.route(AGENDA_CHUNK, (route) => route.abort('connectionrefused'));

  await agendaLink(page).click();
  await expect(outageHeading(page)).toBeVisible();
  await expect(page.getByText(OUTAGE_LABELS.explanation)).toBeVisible();
  const retry = page.getByRole('button', { name: OUTAGE_LABELS.retry });
  await expect(retry).toBeVisible();
  await snap(page, 'chunk-outage-agenda');

  await page.unroute(AGENDA_CHUNK);
  await retry.click();
  await expect(page.getByRole('heading', { level: 1, name: AGENDA_LABELS.title })).toBeVisible();
  await expect(outageHeading(page)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/main/agenda');
});

test('Inicio opened while its code can’t be loaded: the outage page, not a white page', async ({
  page,
}) => {
  await page.route(HOME_CHUNK, (route) => route.abort('connectionrefused'));
  await openAs(page, admin, '/main/home');
  await expect(outageHeading(page)).toBeVisible();
  await expect(page.getByRole('button', { name: OUTAGE_LABELS.retry })).toBeVisible();

  await page.unroute(HOME_CHUNK);
  await page.getByRole('button', { name: OUTAGE_LABELS.retry }).click();
  await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_LABELS.title })).toBeVisible();
});

test('a tab left open across a deploy (the chunk’s old name answers 404): the page reloads by itself, once, and the screen opens', async ({
  page,
}) => {
  await openAs(page, admin, '/main/requests');
  await expect(board(page)).toBeVisible();
  const loads = countLoads(page);
  // The old build's name is gone until the reload brings the new index.html (here: the same
  // files, so from then on it answers).
  await page.route(AGENDA_CHUNK, (route: Route) =>
    loads() === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue(),
  );

  await agendaLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: AGENDA_LABELS.title })).toBeVisible();
  expect(loads()).toBe(1);
  await expect(outageHeading(page)).toHaveCount(0);
});

test('a chunk that stays missing after that reload: the outage page, not a reload loop', async ({
  page,
}) => {
  await openAs(page, admin, '/main/requests');
  await expect(board(page)).toBeVisible();
  const loads = countLoads(page);
  await page.route(AGENDA_CHUNK, (route) => route.fulfill({ status: 404, body: '' }));

  await agendaLink(page).click();
  await expect(outageHeading(page)).toBeVisible();
  expect(loads()).toBe(1);
  // Its first automatic attempt has run (the countdown's second step, 5 s) without reloading.
  await expect(page.getByText(/Nuevo intento automático en [3-5] s\./)).toBeVisible();
  expect(loads()).toBe(1);
  await expect(outageHeading(page)).toBeVisible();
});

test('the signed-in app’s own code can’t be loaded: its plain page with "Reintentar", which opens the board once it can', async ({
  page,
}) => {
  const APP_CHUNK = '**/assets/signed-in-app-*.js';
  await page.route(APP_CHUNK, (route) => route.abort('connectionrefused'));
  await openAs(page, admin, '/main/requests');
  await expect(outageHeading(page)).toBeVisible();
  await expect(page.getByText(OUTAGE_LABELS.retryByHand)).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await snap(page, 'chunk-outage-signed-in-app');

  await page.unroute(APP_CHUNK);
  await page.getByRole('button', { name: OUTAGE_LABELS.retry }).click();
  await expect(board(page)).toBeVisible();
  await expect(outageHeading(page)).toHaveCount(0);
});
