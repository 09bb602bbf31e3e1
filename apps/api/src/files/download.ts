import { pipeline } from 'node:stream/promises';
import { Types } from 'mongoose';
import { REQUEST_FILE_MESSAGES, TICKET_PARAM, filesApi } from '@crm/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/app-error.js';
import type { RawHandler } from '../http/endpoint.js';
import { fileRoute } from '../http/file-route.js';
import type { RequestFileDoc } from './file.model.js';
import { readFile } from './store.js';

/*
 * GET /api/files/download?file=…: one file's bytes, never shown by the browser. Whatever the
 * sender declared, it is an attachment (saved, not opened in the app's origin), its type is not
 * sniffed, a type a browser would run or render as a page goes as bytes, and a sandboxing CSP
 * stands in case a browser opens it anyway.
 */

/** Types a browser renders as a document of the app's origin (scripts in HTML, SVG, XML). */
const RENDERED =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)$/;

export const servedTypeOf = (stored: string): string =>
  RENDERED.test(stored) ? 'application/octet-stream' : stored;

export const downloadRoute = (ctx: AppContext): RawHandler =>
  fileRoute(
    filesApi.download,
    async ({ query }) => {
      const { [TICKET_PARAM]: _ticket, file } = query;
      const doc = await ctx.models.RequestFile.findOne({
        _id: new Types.ObjectId(file),
        'metadata.requestId': { $ne: null },
      }).lean<RequestFileDoc>();
      if (!doc) throw notFound(REQUEST_FILE_MESSAGES.fileNotFound);
      return async (res, gone) => {
        res.status(filesApi.download.status);
        res.attachment(doc.filename);
        res.set({
          'Content-Type': servedTypeOf(doc.metadata.contentType),
          'Content-Length': String(doc.length),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          // The address carries a download ticket: nothing this answer leads to should learn it.
          'Referrer-Policy': 'no-referrer',
          'Cache-Control': 'private, no-store',
        });
        await pipeline(readFile(ctx, doc._id), res, { signal: gone });
      };
    },
    'file download failed',
  );
