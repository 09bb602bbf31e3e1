import type { z } from 'zod';
import { toFieldErrors, type ErrorBody } from '../error.js';
import { API_MESSAGES } from '../messages.js';
import type { EndpointDeclaration, EndpointInput } from './define.js';

type Part = 'params' | 'query' | 'body';
type Raw = { params?: unknown; query?: unknown; body?: unknown };

type Validation<E extends EndpointDeclaration> =
  { ok: true; input: EndpointInput<E> } | { ok: false; error: ErrorBody };

function schemaOf(endpoint: EndpointDeclaration, part: Part, raw: unknown): z.ZodType | undefined {
  if (part === 'body' && endpoint.bodyFor) return endpoint.bodyFor(raw);
  return endpoint[part];
}

/**
 * Checks a call's params, query and body against its declaration: the API's validation, and the
 * web tests' fake's, so both answer a bad call with the same 400 body. Unknown body fields are
 * dropped by the schemas; a part without a schema is ignored.
 */
export function validateRequest<E extends EndpointDeclaration>(
  endpoint: E,
  raw: Raw,
): Validation<E> {
  const input: Record<Part, unknown> = { params: undefined, query: undefined, body: undefined };
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemaOf(endpoint, part, raw[part]);
    if (!schema) continue;
    // A declared body is required (the OpenAPI document says so of each): none at all is refused
    // rather than read as `{}`, which an all-optional schema would take, e.g. as "clear my saved
    // filters" (issue 32). Absent parameters are `{}` as ever: each is optional on its own.
    if (part === 'body' && raw.body === undefined) {
      return { ok: false, error: { message: API_MESSAGES.invalidBody } };
    }
    const result = schema.safeParse(raw[part] ?? {});
    if (!result.success) {
      const errors = toFieldErrors(result.error.issues);
      // A bad id in the path is one clear message; bodies lead with their first field message.
      const message =
        part === 'params'
          ? API_MESSAGES.invalidId
          : (errors[0]?.message ?? API_MESSAGES.invalidBody);
      return { ok: false, error: { message, errors } };
    }
    input[part] = result.data;
  }
  return { ok: true, input: input as EndpointInput<E> };
}
