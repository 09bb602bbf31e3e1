import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_LABELS,
  IMPORT_FIELD_LABELS,
  IMPORT_LABELS,
  IMPORT_MESSAGES,
  IMPORT_OPEN_LABEL,
} from '@crm/shared';
import { findCard } from '../../test/board';
import { addRequest, addUser, db, fakeImports } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { setupUser, type User } from '../../test/user';

const BOARD = '/main/requests';

/**
 * A file as the browser hands it over. Node's File, not jsdom's: the tests' fetch is Node's,
 * which reads only its own Blobs.
 */
const csvFile = (text: string, name = 'clientes.csv') =>
  new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;

/** Four rows as Excel in Spanish writes them; row 3 has a bad email, row 5 an unknown stage. */
const CLIENTS = [
  'Nombre;Correo electrónico;Empresa;Etapa;Notas',
  'Rosa Import;rosa@empresa.test;Acme;Nueva solicitud;',
  'Malo Correo;no-es-correo;Acme;;',
  'Tomás Import;tomas@empresa.test;;Contactado;Llamar el lunes',
  'Etapa Rara;rara@empresa.test;;Inventada;',
  '',
].join('\r\n');

const dialog = () => screen.getByRole('dialog', { name: IMPORT_LABELS.title });

async function openImport() {
  const admin = addUser({ role: 'system admin' });
  addRequest({ name: 'Ya Estaba' });
  renderApp(BOARD, admin);
  await findCard('Ya Estaba');
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: IMPORT_OPEN_LABEL }));
  await screen.findByRole('dialog', { name: IMPORT_LABELS.title });
  return user;
}

/** The file chosen, then its columns: the mapping step, once it shows. */
async function chooseFile(user: User, text = CLIENTS) {
  await user.upload(await screen.findByLabelText(IMPORT_LABELS.pickFile), csvFile(text));
  await screen.findByRole('heading', { name: IMPORT_LABELS.steps[1] });
}

const targetOf = (header: string) =>
  within(dialog()).getByRole<HTMLSelectElement>('combobox', { name: header });

describe('"Importar" on the board (issue 24)', () => {
  it('is a system admin’s: a vendor does not see it', async () => {
    const vendor = addUser({ role: 'vendor' });
    addRequest({ name: 'Ya Estaba', vendor: vendor._id });
    renderApp(BOARD, vendor);
    await findCard('Ya Estaba');
    expect(screen.getByRole('button', { name: EXPORT_LABELS.button })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: IMPORT_OPEN_LABEL })).not.toBeInTheDocument();
  });

  it('when a CSV is chosen, then the mapping step shows each column with its guessed field, and the heading has the focus', async () => {
    const user = await openImport();
    await chooseFile(user);

    expect(screen.getByRole('heading', { name: IMPORT_LABELS.steps[1] })).toHaveFocus();
    expect(targetOf('Nombre').value).toBe('name');
    expect(targetOf('Correo electrónico').value).toBe('email');
    expect(targetOf('Empresa').value).toBe('company');
    expect(targetOf('Etapa').value).toBe('status');
    expect(targetOf('Notas').value).toBe('notes');
    expect(within(dialog()).getByRole('radio', { name: 'Omitir la fila' })).toBeChecked();
    expect(
      db.calls.find((call) => call.method === 'POST' && call.path === '/api/imports')?.search,
    ).toBe('?name=clientes.csv');
  });

  it('when a row fails on two fields, then the errors table counts rows as the summary does, and its errors apart (issue 33)', async () => {
    const user = await openImport();
    await chooseFile(
      user,
      [
        'Nombre;Correo electrónico;Empresa;Etapa;Notas',
        'Rosa Import;rosa@empresa.test;Acme;Nueva solicitud;',
        'Doble Falla;no-es-correo;Acme;Inventada;',
        'Etapa Rara;rara@empresa.test;;Inventada;',
        '',
      ].join('\r\n'),
    );
    await user.click(within(dialog()).getByRole('button', { name: IMPORT_LABELS.check }));

    await screen.findByRole('heading', { name: IMPORT_LABELS.steps[2] });
    expect(
      within(dialog()).getByText(IMPORT_LABELS.summary({ rows: 3, valid: 1, rejected: 2 })),
    ).toBeInTheDocument();
    const errors = within(dialog()).getByRole('table', { name: IMPORT_LABELS.errorsTitle(2, 3) });
    expect(errors).toHaveAccessibleName('Filas con errores (2) · 3 errores');
    expect(within(errors).getAllByRole('row').slice(1)).toHaveLength(3);
  });

  it('when "Revisar" is pressed, then the report lists the errors by row and field, in Spanish', async () => {
    const user = await openImport();
    await chooseFile(user);

    await user.click(within(dialog()).getByRole('button', { name: IMPORT_LABELS.check }));

    await screen.findByRole('heading', { name: IMPORT_LABELS.steps[2] });
    expect(
      within(dialog()).getByText(IMPORT_LABELS.summary({ rows: 4, valid: 2, rejected: 2 })),
    ).toBeInTheDocument();
    const errors = within(dialog()).getByRole('table', { name: IMPORT_LABELS.errorsTitle(2, 2) });
    const rows = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['3', IMPORT_FIELD_LABELS.email, 'no-es-correo', IMPORT_MESSAGES.invalidEmail],
      ['5', IMPORT_FIELD_LABELS.status, 'Inventada', IMPORT_MESSAGES.unknownStage],
    ]);
    expect(
      within(dialog()).getByRole('button', { name: IMPORT_LABELS.downloadRejected }),
    ).toBeInTheDocument();
  });

  it('says what is wrong with the mapping next to it when a field is chosen twice', async () => {
    const user = await openImport();
    await chooseFile(user);

    await user.selectOptions(targetOf('Empresa'), 'name');
    await user.click(within(dialog()).getByRole('button', { name: IMPORT_LABELS.check }));

    expect(
      await within(dialog()).findByText(IMPORT_MESSAGES.fieldTwice(IMPORT_FIELD_LABELS.name)),
    ).toBeInTheDocument();
    expect(targetOf('Empresa')).toHaveAttribute('aria-invalid', 'true');
  });

  it('when "Importar 2 solicitudes" is pressed, then the progress runs to its end and the new cards are on the board, without a reload', async () => {
    const user = await openImport();
    await chooseFile(user);
    await user.click(within(dialog()).getByRole('button', { name: IMPORT_LABELS.check }));
    await screen.findByRole('heading', { name: IMPORT_LABELS.steps[2] });

    await user.click(within(dialog()).getByRole('button', { name: IMPORT_LABELS.start(2) }));

    expect(await screen.findByRole('heading', { name: IMPORT_LABELS.steps[3] })).toHaveFocus();
    const bar = within(dialog()).getByRole('progressbar', { name: 'clientes.csv' });
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    const done = IMPORT_LABELS.done({ created: 2, updated: 0, skipped: 0, rejected: 2 });
    expect(await within(dialog()).findByText(done, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '4');

    await user.click(
      within(dialog()).getAllByRole('button', { name: IMPORT_LABELS.close }).at(-1)!,
    );
    expect(await findCard('Rosa Import')).toBeInTheDocument();
    expect(await findCard('Tomás Import')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /: Ya Estaba$/ })).toBeInTheDocument();
  });

  it('when closed while the import runs and opened again, then it comes back to the progress', async () => {
    const user = await openImport();
    await chooseFile(user);
    await user.click(within(dialog()).getByRole('button', { name: IMPORT_LABELS.check }));
    await screen.findByRole('heading', { name: IMPORT_LABELS.steps[2] });
    fakeImports.hold = true;
    await user.click(within(dialog()).getByRole('button', { name: IMPORT_LABELS.start(2) }));
    await screen.findByRole('heading', { name: IMPORT_LABELS.steps[3] });
    expect(within(dialog()).getByText(IMPORT_LABELS.runsInBackground)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: IMPORT_OPEN_LABEL }));

    expect(await screen.findByRole('progressbar', { name: 'clientes.csv' })).toBeInTheDocument();
    expect(
      within(dialog()).getByRole('button', { name: IMPORT_LABELS.cancel }),
    ).toBeInTheDocument();
    expect(within(dialog()).queryByLabelText(IMPORT_LABELS.pickFile)).not.toBeInTheDocument();

    // Let go: the board, following it while the dialog was closed, shows the new cards.
    fakeImports.hold = false;
    await user.keyboard('{Escape}');
    expect(
      await screen.findByRole('article', { name: /: Rosa Import$/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the API’s refusal of a file that has no rows', async () => {
    const user = await openImport();
    await user.upload(
      await screen.findByLabelText(IMPORT_LABELS.pickFile),
      csvFile('Nombre;Correo\r\n'),
    );
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      IMPORT_MESSAGES.headerOnly,
    );
  });
});
