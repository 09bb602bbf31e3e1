import {
  ADMIN_ROLE,
  AUDIT_ACTION_LABELS,
  AUDIT_COLUMNS,
  CSV_EXPORT,
  IMPORT_LABELS,
  IMPORT_MESSAGES,
  IMPORT_ROWS_COLUMNS,
  REQUEST_COLUMNS,
  api,
  auditApi,
  type ExportLink,
  type ImportSummary,
} from '@crm/shared';
import type { ContractCase } from './client.js';
import { newRequest, uniqueEmail, uniqueName } from './fixtures.js';

/**
 * The files a screen downloads (issue 34: reads held to the contract too): the board's export,
 * the audit log's CSV, an import's rows and a profile photo. Each is followed as the browser does
 * (an address with a ticket, or a public one) and read as a person opens it: a CSV's byte-order
 * mark, its header row and the rows asked for; a photo's WebP bytes.
 */

/** The address's query, its ticket included. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://contract').searchParams);

/** A CSV's lines (without its byte-order mark and the last line end), each as its cells. */
const linesOf = (text: string) =>
  text
    .slice(CSV_EXPORT.bom.length)
    .split(CSV_EXPORT.lineEnd)
    .filter((line) => line !== '')
    .map((line) => line.split(CSV_EXPORT.delimiter));

const ONE_PIXEL_PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
  0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xfc, 0xcf, 0xc0, 0x50,
  0x0f, 0x00, 0x04, 0x85, 0x01, 0x80, 0x84, 0xa9, 0x8c, 0x21, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
  0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

export const downloadContractCases: ContractCase[] = [
  {
    name: 'requests.export: the link’s CSV has the byte-order mark, the columns’ headers and one row per request under its filters',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const name = uniqueName();
      await c.call(api.requests.create, { body: { ...newRequest, name } }, token);

      const link = await c.call(api.requests.exportLink, { body: { q: name } }, token);
      const file = await c.call(api.requests.export, {
        query: queryOf((link.body as ExportLink).url),
      });
      expect(file.status).toBe(200);
      const text = file.body as string;
      expect(text.startsWith(CSV_EXPORT.bom)).toBe(true);
      const [header, ...rows] = linesOf(text);
      expect(header).toEqual(REQUEST_COLUMNS.map((column) => column.header));
      expect(rows).toHaveLength(1);
      const nameAt = REQUEST_COLUMNS.findIndex((column) => column.key === 'name');
      expect(rows[0]?.[nameAt]).toBe(name);
    },
  },
  {
    name: 'audit.export: the link’s CSV has the byte-order mark and the log’s headers, an entry per line under its filters',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const link = await c.call(
        auditApi.exportLink,
        { body: { user: admin.user._id, action: 'auth.signIn' } },
        admin.token,
      );
      const file = await c.call(auditApi.export, { query: queryOf((link.body as ExportLink).url) });
      expect(file.status).toBe(200);
      const text = file.body as string;
      expect(text.startsWith(CSV_EXPORT.bom)).toBe(true);
      const [header, ...rows] = linesOf(text);
      expect(header).toEqual(Object.values(AUDIT_COLUMNS));
      // The fake records no entry by itself (a screen test puts in those it needs); the API has
      // this admin's sign-in. Any row is the entry as a person reads it.
      for (const row of rows) {
        expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        expect(row.slice(1, 4)).toEqual([
          AUDIT_ACTION_LABELS['auth.signIn'],
          expect.any(String),
          admin.user.email,
        ]);
      }
    },
  },
  {
    name: 'imports.rows: a checked import’s rejected rows as CSV (row, the file’s cells, the errors); 409 before the check; 403 for a vendor',
    run: async (c, expect) => {
      const { token } = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const name = uniqueName();
      const text = ['Nombre;Correo', `${name};${uniqueEmail()}`, `${name} Dos;malo`, ''].join(
        '\r\n',
      );
      const uploaded = await c.call(
        api.imports.upload,
        {
          query: { name: 'filas.csv' },
          rawBody: { bytes: new TextEncoder().encode(text), contentType: 'text/csv' },
        },
        token,
      );
      const { _id: id } = uploaded.body as ImportSummary;
      expect(await c.call(api.imports.rows, { params: { id } }, token)).toEqual({
        status: 409,
        body: { message: IMPORT_MESSAGES.notChecked },
      });
      const plan = { mapping: ['name', 'email'], duplicates: 'skip' };
      expect((await c.call(api.imports.check, { params: { id }, body: plan }, token)).status).toBe(
        200,
      );

      const file = await c.call(api.imports.rows, { params: { id } }, token);
      expect(file.status).toBe(200);
      const rows = linesOf(file.body as string);
      expect(rows[0]).toEqual([
        IMPORT_LABELS.rowHeader,
        'Nombre',
        'Correo',
        IMPORT_ROWS_COLUMNS.errors,
      ]);
      // Each error names its column.
      const error = `Correo: ${IMPORT_MESSAGES.invalidEmail}`;
      expect(rows.slice(1)).toEqual([['3', `${name} Dos`, 'malo', error]]);
      expect((await c.call(api.imports.rows, { params: { id } }, vendor.token)).status).toBe(403);
    },
  },
  {
    name: 'profile.photo: the photo’s public address answers WebP bytes; an unknown one is 404',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      const put = await c.call(
        api.profile.putPhoto,
        { rawBody: { bytes: ONE_PIXEL_PNG, contentType: 'image/png' } },
        token,
      );
      const file = (put.body as { photo: string }).photo.split('/').at(-1)!;

      const photo = await c.call(api.profile.photo, { params: { file } });
      expect(photo.status).toBe(200);
      const bytes = photo.body as Uint8Array;
      const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
      expect([ascii(0, 4), ascii(8, 12)]).toEqual(['RIFF', 'WEBP']);
      const unknown = await c.call(api.profile.photo, {
        params: { file: `${'A'.repeat(22)}.webp` },
      });
      expect(unknown.status).toBe(404);
    },
  },
];
