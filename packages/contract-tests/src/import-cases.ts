import {
  API_MESSAGES,
  IMPORT_MESSAGES,
  api,
  type ImportReport,
  type ImportSummary,
} from '@crm/shared';
import type { ContractCase } from './client.js';
import { UNKNOWN_ID, anyString, fieldError, uniqueEmail, uniqueName } from './fixtures.js';

/**
 * "Importar" (issue 24, system admin): a CSV uploaded as bytes, checked against a mapping, then
 * started in the background and stopped. Only CSV here: the web fake reads no XLSX.
 */

const csv = (text: string) => ({
  bytes: new TextEncoder().encode(text),
  contentType: 'text/csv',
});

/** Three rows as Excel in Spanish writes them (`;`, CRLF); row 3's email is wrong. */
const sampleFile = (name: string) => {
  const first = uniqueEmail();
  const second = uniqueEmail();
  return {
    text: [
      'Nombre;Correo;Empresa;Etapa',
      `${name} Uno;${first};Acme;Nueva solicitud`,
      `${name} Dos;no-es-un-correo;Acme;`,
      `${name} Tres;${second};;`,
      '',
    ].join('\r\n'),
    emails: [first, second],
  };
};

const plan = { mapping: ['name', 'email', 'company', 'status'], duplicates: 'skip' } as const;

export const importContractCases: ContractCase[] = [
  {
    name: 'imports.upload, check, start and cancel: a CSV is read with a guessed mapping; the check reports the bad row by row and field; started, it is queued; cancelled, it stops',
    run: async (c, expect) => {
      const { token, user } = await c.signIn('system admin');
      const name = uniqueName();
      const file = sampleFile(name);

      const uploaded = await c.call(
        api.imports.upload,
        { query: { name: 'clientes.csv' }, rawBody: csv(file.text) },
        token,
      );
      expect(uploaded).toEqual({
        status: 201,
        body: expect.objectContaining({
          _id: anyString(expect),
          fileName: 'clientes.csv',
          format: 'csv',
          encoding: 'utf-8',
          delimiter: ';',
          headers: ['Nombre', 'Correo', 'Empresa', 'Etapa'],
          rowCount: 3,
          mapping: ['name', 'email', 'company', 'status'],
          duplicates: null,
          status: 'uploaded',
          progress: { processed: 0, created: 0, updated: 0, skipped: 0, rejected: 0 },
          createdBy: user._id,
          startedAt: null,
          finishedAt: null,
          error: null,
        }) as unknown,
      });
      const id = (uploaded.body as ImportSummary)._id;
      expect((uploaded.body as ImportSummary).sample[0]).toEqual([
        `${name} Uno`,
        file.emails[0],
        'Acme',
        'Nueva solicitud',
      ]);

      const checked = await c.call(api.imports.check, { params: { id }, body: plan }, token);
      expect(checked).toEqual({
        status: 200,
        body: expect.objectContaining({
          rows: 3,
          valid: 2,
          rejected: 1,
          duplicatesExisting: 0,
          duplicatesInFile: 0,
          willCreate: 2,
          willUpdate: 0,
          willSkip: 0,
          errorsTotal: 1,
          errors: [
            {
              row: 3,
              field: 'email',
              column: 'Correo',
              value: 'no-es-un-correo',
              message: IMPORT_MESSAGES.invalidEmail,
            },
          ],
        }) as unknown,
      });
      const report = checked.body as ImportReport;
      expect(report.preview.map(({ row, result }) => ({ row, result }))).toEqual([
        { row: 2, result: 'created' },
        { row: 4, result: 'created' },
      ]);
      expect(report.preview[0]!.request).toMatchObject({
        name: `${name} Uno`,
        email: file.emails[0],
        company: 'Acme',
        status: 'new request',
        vendorName: null,
      });

      const short = await c.call(
        api.imports.check,
        { params: { id }, body: { ...plan, mapping: ['name', 'email'] } },
        token,
      );
      expect(short).toEqual(fieldError(400, 'mapping', IMPORT_MESSAGES.mappingLength));

      const started = await c.call(api.imports.start, { params: { id }, body: plan }, token);
      expect(started).toEqual({
        status: 200,
        body: expect.objectContaining({
          _id: id,
          status: 'queued',
          mapping: plan.mapping,
          duplicates: 'skip',
          startedAt: anyString(expect),
        }) as unknown,
      });
      const again = await c.call(api.imports.start, { params: { id }, body: plan }, token);
      expect(again).toEqual({ status: 409, body: { message: IMPORT_MESSAGES.alreadyStarted } });

      // Right after the start, before a worker has taken it: still queued, so it stops.
      const cancelled = await c.call(api.imports.cancel, { params: { id } }, token);
      expect(cancelled).toEqual({
        status: 200,
        body: expect.objectContaining({
          _id: id,
          status: 'cancelled',
          finishedAt: anyString(expect),
        }) as unknown,
      });
      const read = await c.call(api.imports.get, { params: { id } }, token);
      expect(read.body).toMatchObject({ _id: id, status: 'cancelled' });
      expect(await c.call(api.imports.cancel, { params: { id } }, token)).toEqual({
        status: 409,
        body: { message: IMPORT_MESSAGES.notRunning },
      });
      const listed = await c.call(api.imports.list, {}, token);
      expect((listed.body as { items: ImportSummary[] }).items.map(({ _id }) => _id)).toContain(id);
    },
  },
  {
    name: 'imports.upload: a vendor is 403; a header without rows, or bytes that are no text, are 400 on `file`; an unknown import is 404',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const admin = await c.signIn('system admin');
      const file = csv(sampleFile(uniqueName()).text);

      expect(
        await c.call(api.imports.upload, { query: { name: 'a.csv' }, rawBody: file }, vendor.token),
      ).toEqual({ status: 403, body: { message: API_MESSAGES.forbidden } });

      const headerOnly = await c.call(
        api.imports.upload,
        { query: { name: 'a.csv' }, rawBody: csv('Nombre;Correo\r\n') },
        admin.token,
      );
      expect(headerOnly).toEqual(fieldError(400, 'file', IMPORT_MESSAGES.headerOnly));

      const binary = {
        bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x00, 0x0a]),
        contentType: 'text/csv',
      };
      expect(
        await c.call(
          api.imports.upload,
          { query: { name: 'a.csv' }, rawBody: binary },
          admin.token,
        ),
      ).toEqual(fieldError(400, 'file', IMPORT_MESSAGES.notSpreadsheet));

      expect(
        await c.call(api.imports.check, { params: { id: UNKNOWN_ID }, body: plan }, admin.token),
      ).toEqual({ status: 404, body: { message: IMPORT_MESSAGES.notFound } });
    },
  },
  {
    name: 'imports.start: a mapping whose every row is rejected is 400 on `mapping`, and nothing starts',
    run: async (c, expect) => {
      const { token } = await c.signIn('system admin');
      const uploaded = await c.call(
        api.imports.upload,
        { query: { name: 'malos.csv' }, rawBody: csv('Nombre,Correo\nAna,ana\nLuis,\n') },
        token,
      );
      expect(uploaded.body).toMatchObject({ delimiter: ',', rowCount: 2 });
      const id = (uploaded.body as ImportSummary)._id;
      const refused = await c.call(
        api.imports.start,
        { params: { id }, body: { mapping: ['name', 'email'], duplicates: 'create' } },
        token,
      );
      expect(refused).toEqual(fieldError(400, 'mapping', IMPORT_MESSAGES.nothingToImport));
      expect((await c.call(api.imports.get, { params: { id } }, token)).body).toMatchObject({
        status: 'uploaded',
      });
    },
  },
];
