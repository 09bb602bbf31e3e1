import type { Request, RequestHandler, Response } from 'express';
import { validateRequest, type EndpointDeclaration, type EndpointInput } from '@crm/shared';
import { AppError } from './app-error.js';
import type { RawHandler } from './endpoint.js';

/*
 * A route that answers a file by itself (a CSV or XLSX streamed as it is read), not JSON: the
 * export and an import's rows. Validated with its declaration as every route. `open` decides
 * before anything is sent (a thrown AppError is the usual JSON error) and gives back what
 * streams the file; once the file has started, a failure cuts the connection rather than end a
 * file that looks whole, and a client that left is no error.
 */

/** What writes the file into `res` (headers not sent yet); stops once `gone` aborts. */
export type FileStream = (res: Response, gone: AbortSignal) => Promise<void>;

/** Aborted when the client goes away before the file is complete. */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

export function fileRoute<E extends EndpointDeclaration>(
  endpoint: E,
  open: (input: Omit<EndpointInput<E>, 'body'>, req: Request) => Promise<FileStream> | FileStream,
  failure: string,
): RawHandler {
  const handler: RequestHandler = async (req, res, next) => {
    const validation = validateRequest(endpoint, { params: req.params, query: req.query });
    if (!validation.ok) {
      next(new AppError(400, validation.error.message, validation.error.errors));
      return;
    }
    let stream: FileStream;
    try {
      stream = await open(validation.input, req);
    } catch (error) {
      next(error);
      return;
    }
    const gone = clientGone(res);
    try {
      await stream(res, gone);
    } catch (error) {
      // The client left (the end of the file found it gone): nothing to say.
      if (gone.aborted) return;
      // Headers and part of the file are out: a cut connection, not a file that looks whole.
      req.log.error({ err: error }, failure);
      res.destroy();
    }
  };
  return { raw: [handler] };
}
