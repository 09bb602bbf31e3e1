import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { API_MESSAGES, toFieldErrors } from '@crm/shared';
import { AppError } from './app-error.js';

type SchemaOrPicker = z.ZodType | ((raw: unknown) => z.ZodType);
type Schemas = { params?: SchemaOrPicker; body?: SchemaOrPicker; query?: SchemaOrPicker };
type Output<S> = S extends z.ZodType
  ? z.output<S>
  : S extends (raw: unknown) => infer R
    ? R extends z.ZodType
      ? z.output<R>
      : never
    : undefined;
export type Validated<S extends Schemas> = {
  params: Output<S['params']>;
  body: Output<S['body']>;
  query: Output<S['query']>;
};

function parsePart(
  part: 'params' | 'body' | 'query',
  schema: SchemaOrPicker | undefined,
  raw: unknown,
): unknown {
  if (!schema) return undefined;
  const resolved = typeof schema === 'function' ? schema(raw) : schema;
  const result = resolved.safeParse(raw ?? {});
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error.issues);
  // Bad ids in the path are one clear message; bodies lead with their first field message.
  const message =
    part === 'params' ? API_MESSAGES.invalidId : (errors[0]?.message ?? API_MESSAGES.invalidBody);
  throw new AppError(400, message, errors);
}

/**
 * Validates params, body and query with the shared zod schemas, then hands the parsed,
 * typed values to the handler. Unknown body fields are dropped by the schemas.
 */
export function validate<S extends Schemas>(
  schemas: S,
  handler: (input: Validated<S>, req: Request, res: Response) => Promise<void> | void,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const input = {
        params: parsePart('params', schemas.params, req.params),
        body: parsePart('body', schemas.body, req.body),
        query: parsePart('query', schemas.query, req.query),
      } as Validated<S>;
      await handler(input, req, res);
    } catch (error) {
      next(error);
    }
  };
}
