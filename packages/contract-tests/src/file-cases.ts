import {
  API_MESSAGES,
  REQUEST_FILE_MESSAGES,
  api,
  type FileLink,
  type RequestEmail,
  type RequestFile,
  type RequestFilePage,
} from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';
import { UNKNOWN_ID, anyString, fieldError, idOf, newRequest, uniqueEmail } from './fixtures.js';

/**
 * A request's "Archivos" (issue 35): uploaded under a cleaned name, listed newest first,
 * downloaded by a one-time address as the bytes uploaded, sent with a mail (and from then on
 * kept), deleted otherwise.
 */

async function newCustomer(c: ContractClient, token: string) {
  const email = uniqueEmail();
  const res = await c.call(api.requests.create, { body: { ...newRequest, email } }, token);
  return { id: idOf(res.body), email };
}

const PDF = new TextEncoder().encode('%PDF-1.4 cotización');

const upload = (c: ContractClient, id: string, name: string, token: string, bytes = PDF) =>
  c.call(
    api.files.upload,
    { params: { id }, query: { name }, rawBody: { bytes, contentType: 'application/pdf' } },
    token,
  );

/** The address's query, its ticket included. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://contract').searchParams);

export const fileContractCases: ContractCase[] = [
  {
    name: 'files.upload, list, link and download: any role uploads; the name is cleaned; the download is the bytes, once',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const driver = await c.signIn('driver');
      const { id } = await newCustomer(c, vendor.token);
      const first = await upload(c, id, '../../Cotización.pdf', driver.token);
      expect(first).toEqual({
        status: 201,
        body: {
          _id: anyString(expect),
          name: 'Cotización.pdf',
          contentType: 'application/pdf',
          size: PDF.length,
          at: anyString(expect),
          source: 'upload',
          by: driver.user._id,
          byName: anyString(expect),
          sender: null,
          mailed: false,
        },
      });
      const file = first.body as RequestFile;
      await upload(c, id, 'Contrato.pdf', vendor.token);

      const page = await c.call(
        api.files.list,
        { params: { id }, query: { limit: 1 } },
        vendor.token,
      );
      expect(page.status).toBe(200);
      const { items, nextCursor } = page.body as RequestFilePage;
      expect(items.map((item) => item.name)).toEqual(['Contrato.pdf']);
      const next = await c.call(
        api.files.list,
        { params: { id }, query: { limit: 1, cursor: nextCursor } },
        vendor.token,
      );
      expect(next.body).toEqual({ items: [file], nextCursor: null });

      const link = await c.call(api.files.link, { params: { id, fileId: file._id } }, vendor.token);
      expect(link.status).toBe(200);
      const query = queryOf((link.body as FileLink).url);
      const bytes = await c.call(api.files.download, { query });
      expect(bytes.status).toBe(200);
      // Compared as numbers: the bytes come in the runner's own Uint8Array.
      expect([...(bytes.body as Uint8Array)]).toEqual([...PDF]);
      expect((await c.call(api.files.download, { query })).status).toBe(401);
    },
  },
  {
    name: 'files.upload and link: an empty file is 400 naming it; an unknown request or file is a 404',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const { id } = await newCustomer(c, token);
      expect(await upload(c, id, 'vacío.pdf', token, new Uint8Array())).toEqual(
        fieldError(400, 'file', REQUEST_FILE_MESSAGES.empty),
      );
      expect((await upload(c, UNKNOWN_ID, 'a.pdf', token)).body).toMatchObject({
        message: API_MESSAGES.requestNotFound,
      });
      expect(
        await c.call(api.files.link, { params: { id, fileId: UNKNOWN_ID } }, token),
      ).toMatchObject({ status: 404, body: { message: REQUEST_FILE_MESSAGES.fileNotFound } });
    },
  },
  {
    name: 'files.remove: a file never mailed goes; one sent with a mail stays (409)',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const { id, email } = await newCustomer(c, token);
      const loose = (await upload(c, id, 'borrador.pdf', token)).body as RequestFile;
      const sent = (await upload(c, id, 'contrato.pdf', token)).body as RequestFile;

      const mail = await c.call(
        api.emails.send,
        {
          params: { id },
          body: { to: [email], subject: 'Contrato', text: 'Adjunto.', attachments: [sent._id] },
        },
        token,
      );
      expect((mail.body as RequestEmail).attachments).toEqual([
        { fileId: sent._id, name: 'contrato.pdf', size: PDF.length },
      ]);

      expect(await c.call(api.files.remove, { params: { id, fileId: loose._id } }, token)).toEqual({
        status: 200,
        body: loose,
      });
      const refused = await c.call(api.files.remove, { params: { id, fileId: sent._id } }, token);
      expect(refused).toMatchObject({
        status: 409,
        body: { message: REQUEST_FILE_MESSAGES.mailed },
      });
      const left = await c.call(api.files.list, { params: { id } }, token);
      expect((left.body as RequestFilePage).items).toEqual([{ ...sent, mailed: true }]);
    },
  },
];
