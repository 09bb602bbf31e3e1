/* global document */
// The eight daily tasks of issue 33's usability review, done in Chromium the way a person does
// them, counting what the person does: clicks (a drag is one, choosing in a <select> is two) and
// keys (each character typed, each Enter/Tab/Escape). Not a test: a measure for the closing note.
//
//   node e2e/scripts/daily-tasks.mjs <base URL of a stack with `npm run seed`'s data> before|after
//
// "before" walks the paths the product offered before issue 33 (8a6f3d0), "after" today's.
import { chromium } from '@playwright/test';

const [base, variant = 'after', only] = process.argv.slice(2);
if (!base) throw new Error('usage: daily-tasks.mjs <base URL> before|after');
const after = variant === 'after';
const VENDOR = 'vendor2@demo.crm.local';
const ADMIN = 'system.admin1@demo.crm.local';
const PASSWORD = 'Demo.1234';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});

/** A person's hands: every action counted. */
function hands(page) {
  const count = { clicks: 0, keys: 0 };
  return {
    count,
    page,
    async click(locator, options) {
      await locator.click(options);
      count.clicks += 1;
    },
    async type(locator, text) {
      await locator.click();
      count.clicks += 1;
      await locator.pressSequentially(text);
      count.keys += text.length;
    },
    async typeFocused(text) {
      await page.keyboard.type(text);
      count.keys += text.length;
    },
    async press(key) {
      await page.keyboard.press(key);
      count.keys += 1;
    },
    async choose(select, label) {
      await select.selectOption({ label });
      count.clicks += 2;
    },
    async drag(source, target) {
      await source.dragTo(target);
      count.clicks += 1;
    },
  };
}

async function signIn(h, email) {
  const { page } = h;
  await page.goto(`${base}/login`);
  await h.type(page.getByLabel('Correo'), email);
  await h.type(page.getByLabel('Contraseña', { exact: true }), PASSWORD);
  await h.click(page.locator('altcha-widget input[type=checkbox]'), { force: true });
  await page.waitForFunction(
    () => document.querySelector('altcha-widget')?.getState?.() === 'verified',
  );
  await h.click(page.getByRole('button', { name: 'Ingresar' }));
  await page.getByTestId('board').waitFor();
}

/** A fresh browser signed in without counting (the tasks after the first start there). */
async function session(email = VENDOR) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const h = hands(page);
  await signIn(h, email);
  h.count.clicks = 0;
  h.count.keys = 0;
  return h;
}

const tasks = {
  async 'sign in'() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const h = hands(await context.newPage());
    await signIn(h, VENDOR);
    return h.count;
  },
};

/** The board's card of `name` (its edit button opens the request window). */
const cardOf = (page, name) => page.getByRole('article', { name: new RegExp(`: ${name}$`) });
const windowOf = (page) => page.getByRole('dialog', { name: 'Editar solicitud' });
const agendaRow = (page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Completar' }) });

Object.assign(tasks, {
  async 'complete and plan next'() {
    const h = await session();
    const { page } = h;
    await h.click(page.getByRole('link', { name: 'Agenda', exact: true }).first());
    const row = agendaRow(page).first();
    await row.waitFor();
    if (after) {
      await h.click(row.getByRole('button', { name: 'Completar' }));
      await h.click(page.getByRole('button', { name: 'Planificar la siguiente' }));
    } else {
      // The row's Completar leaves nothing to plan from: the request window does offer it.
      await h.click(row.getByRole('link').first());
      const dialog = windowOf(page);
      await h.click(dialog.getByRole('checkbox', { name: /^Hecha: / }).first());
      await h.click(dialog.getByRole('button', { name: 'Planificar la siguiente' }));
    }
    await h.click(page.getByRole('button', { name: 'Mañana' }));
    await h.click(page.getByRole('button', { name: 'Planificar', exact: true }));
    await page
      .getByText(/Planificada|Mañana/)
      .first()
      .waitFor();
    // Both paths end in the request window, which stays open.
    await h.press('Escape');
    return h.count;
  },

  async 'log a call and move with value'() {
    const h = await session();
    const { page } = h;
    const column = page.getByRole('region', { name: 'CONTACTADO' });
    const card = column.getByRole('article').first();
    await card.waitFor();
    const what = 'Llamada con el cliente';
    // Both from the request window, where the value and the stage are set too.
    await h.click(card.getByRole('button', { name: /Editar/ }).first());
    if (after) {
      await h.click(windowOf(page).getByRole('button', { name: 'Registrar actividad' }));
      const dialog = page.getByRole('dialog', { name: 'Registrar actividad' });
      await h.type(dialog.getByLabel('Qué se hizo'), what);
      await h.click(dialog.getByRole('button', { name: 'Registrar', exact: true }));
      await dialog.waitFor({ state: 'detached' });
    } else {
      const dialog = windowOf(page);
      await h.click(dialog.getByRole('button', { name: 'Planificar actividad' }));
      await h.type(dialog.getByLabel('Título'), what);
      await h.click(dialog.getByRole('button', { name: 'Hoy' }));
      await h.click(dialog.getByRole('button', { name: 'Planificar', exact: true }));
      await h.click(dialog.getByRole('checkbox', { name: `Hecha: ${what}` }));
    }
    const dialog = windowOf(page);
    const amount = dialog.getByLabel('Monto estimado');
    await h.click(amount);
    await h.press('ControlOrMeta+a');
    await h.typeFocused('4500000');
    await h.choose(dialog.getByLabel('Etapa de la solicitud'), 'Cotización enviada');
    await h.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    await dialog.getByText('Cambios guardados').waitFor();
    await h.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    return h.count;
  },

  async 'log a call (alone)'() {
    const h = await session();
    const { page } = h;
    const card = page
      .getByRole('region', { name: 'COTIZACIÓN ENVIADA' })
      .getByRole('article')
      .first();
    await card.waitFor();
    const what = 'Llamada con el cliente';
    if (after) {
      await h.click(card.getByRole('button', { name: /Mover a/ }));
      await h.click(page.getByRole('menuitem', { name: 'Registrar actividad' }));
      const dialog = page.getByRole('dialog', { name: 'Registrar actividad' });
      await h.type(dialog.getByLabel('Qué se hizo'), what);
      await h.click(dialog.getByRole('button', { name: 'Registrar', exact: true }));
      await dialog.waitFor({ state: 'detached' });
    } else {
      await h.click(card.getByRole('button', { name: /Editar/ }).first());
      const dialog = windowOf(page);
      await h.click(dialog.getByRole('button', { name: 'Planificar actividad' }));
      await h.type(dialog.getByLabel('Título'), what);
      await h.click(dialog.getByRole('button', { name: 'Hoy' }));
      await h.click(dialog.getByRole('button', { name: 'Planificar', exact: true }));
      await h.click(dialog.getByRole('checkbox', { name: `Hecha: ${what}` }));
      await h.press('Escape');
    }
    return h.count;
  },

  async 'find a customer'() {
    // A customer of another executive's: the vendor's board opens on "Mis solicitudes".
    const other = await otherExecutivesCustomer();
    const h = await session();
    const { page } = h;
    await h.type(page.getByPlaceholder('Buscar'), other.email);
    if (after) {
      await h.click(page.getByRole('button', { name: 'Ver todas' }));
    } else {
      await h.choose(
        page.getByRole('combobox').filter({ hasText: 'Mis solicitudes' }),
        'Todos los ejecutivos',
      );
    }
    await cardOf(page, other.name).first().waitFor();
    return h.count;
  },

  async 'won or lost'() {
    const h = await session();
    const { page } = h;
    const card = page
      .getByRole('region', { name: 'COTIZACIÓN ENVIADA' })
      .getByRole('article')
      .first();
    await card.waitFor();
    const label = await card.getAttribute('aria-label');
    await h.click(card.getByRole('button', { name: /Mover a/ }));
    await h.click(page.getByRole('menuitem', { name: 'CERRADO' }));
    await h.click(page.getByRole('radio', { name: 'Ganada' }));
    await h.click(page.getByRole('button', { name: 'Cerrar solicitud' }));
    const closed = page
      .getByRole('region', { name: 'CERRADO' })
      .getByRole('article', { name: label });
    await closed.waitFor();
    if (!after) {
      // Before, the amount paid was asked nowhere on the way: the window's field, then save.
      await h.click(closed.getByRole('button', { name: /Editar/ }).first());
      const dialog = windowOf(page);
      await h.type(dialog.getByLabel('Monto pagado'), '4500000');
      await h.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
      await dialog.getByText('Cambios guardados').waitFor();
      await h.press('Escape');
    }
    return h.count;
  },

  async "this month's figures"() {
    const h = await session();
    const { page } = h;
    await h.click(page.getByRole('link', { name: 'Inicio', exact: true }).first());
    await page
      .getByText(/Pipeline abierto|Abierto de las creadas/)
      .first()
      .waitFor();
    return h.count;
  },

  async import() {
    const h = await session(ADMIN);
    const { page } = h;
    await h.click(page.getByRole('button', { name: 'Importar', exact: true }));
    const dialog = page.getByRole('dialog', { name: /Importar/ });
    await dialog.getByLabel('Elegir archivo CSV o XLSX').setInputFiles({
      name: 'clientes.csv',
      mimeType: 'text/csv',
      buffer: clientsCsv(),
    });
    h.count.clicks += 1; // the file picker
    await h.click(dialog.getByRole('button', { name: 'Revisar' }));
    await h.click(dialog.getByRole('button', { name: /^Importar \d+ solicitud/ }));
    await h.click(dialog.getByRole('button', { name: 'Cerrar', exact: true }).last());
    return h.count;
  },

  async "new vendor's first minute"() {
    const h = await session(await newVendor());
    const { page } = h;
    if (after) {
      await h.click(page.getByRole('button', { name: 'Crear mi primera solicitud' }));
    } else {
      // Nothing says what to do: the "+" at the top of NUEVA SOLICITUD is the way in.
      await h.click(
        page.getByRole('region', { name: 'NUEVA SOLICITUD' }).getByRole('button').first(),
      );
    }
    const form = page.getByRole('dialog');
    await form.waitFor();
    return h.count;
  },
});

/** Ten rows as a spreadsheet writes them. */
function clientsCsv() {
  const stamp = Date.now().toString(36);
  const lines = ['Nombre;Correo electrónico;Empresa'];
  for (let i = 1; i <= 10; i += 1)
    lines.push(`Cliente ${stamp} ${i};c${stamp}.${i}@import.test;Sur`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function database() {
  const { MongoClient } = await import('mongodb');
  const client = await MongoClient.connect(process.env.MONGO_URL);
  return { client, db: client.db() };
}

async function otherExecutivesCustomer() {
  const { client, db } = await database();
  const me = await db.collection('users').findOne({ email: VENDOR });
  const found = await db
    .collection('requests')
    .findOne({ vendor: { $nin: [me._id, null] }, email: { $type: 'string' } });
  await client.close();
  if (!found) throw new Error('no request of another executive');
  return { email: found.email, name: found.name };
}

/** A vendor created by an admin a moment ago, who signs in for the first time. */
async function newVendor() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const admin = hands(page);
  await signIn(admin, ADMIN);
  const token = await page.evaluate(() =>
    Object.values(localStorage).find((value) => value.split('.').length === 3),
  );
  const email = `nuevo.${Date.now().toString(36)}@demo.crm.local`;
  const res = await page.request.post(`${base}/api/user/create`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Nueva',
      lastName: 'Vendedora',
      email,
      password: PASSWORD,
      role: 'vendor',
      photo: '',
    },
  });
  if (!res.ok()) throw new Error(`creating the vendor: ${res.status()} ${await res.text()}`);
  await context.close();
  return email;
}

const results = [];
for (const [name, run] of Object.entries(tasks)) {
  if (only && !name.includes(only)) continue;
  try {
    const { clicks, keys } = await run();
    results.push({ task: name, clicks, keys });
  } catch (error) {
    for (const context of browser.contexts())
      for (const [i, page] of context.pages().entries())
        await page.screenshot({ path: `/tmp/daily-task-failed-${i}.png` }).catch(() => {});
    results.push({ task: name, error: String(error).split('\n')[0] });
  }
}
console.table(results);
await browser.close();
