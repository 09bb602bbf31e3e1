import express, { type RequestHandler } from 'express';
import { API_MESSAGES } from '@crm/shared';
import { AppError } from './app-error.js';

/**
 * The largest JSON body any route takes. The biggest legitimate one, a request update with
 * every field and note at its limit (about 26,000 characters), stays under 160 KB even if every
 * character is sent as a six-byte \u escape.
 */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;
/** Our deepest legitimate body nests 2 levels; 32 leaves room and stops pathological input. */
export const JSON_MAX_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Thrown from body-parser's `verify` for a body nested deeper than `JSON_MAX_DEPTH`. */
class BodyTooDeepError extends Error {}

/**
 * The deepest nesting of a JSON text, in one pass over its bytes (brackets inside strings don't
 * count), stopping as soon as it passes `limit`. Runs on the raw body, before JSON.parse builds
 * anything from it.
 */
function exceedsDepth(json: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * A key a body may hold: not starting with "$" and without a "." (so MongoDB can't read it as
 * an operator or a dotted path). Published as `propertyNames` in the OpenAPI document.
 */
export const BODY_KEY_PATTERN = /^(?!\$)[^.]*$/;

/**
 * The first key, at any depth, that MongoDB could read as an operator or a dotted path.
 * Iterative, so no body can exhaust the stack (parsed bodies are at most `JSON_MAX_DEPTH` deep
 * anyway).
 */
export function findOperatorKey(value: unknown): string | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: node, path } = next;
    if (node === null || typeof node !== 'object') continue;
    const entries = Array.isArray(node)
      ? node.map((item, index): [string, unknown] => [String(index), item])
      : Object.entries(node);
    for (const [key, item] of entries) {
      if (!Array.isArray(node) && !BODY_KEY_PATTERN.test(key)) {
        return [...path, key].join('.');
      }
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** Refuses `{"$gt": ""}`, `$where`, dotted keys and the like anywhere in a body (400). */
const rejectOperators: RequestHandler = (req, _res, next) => {
  const path = findOperatorKey(req.body);
  if (path === undefined) return next();
  next(
    new AppError(400, API_MESSAGES.operatorNotAllowed, [
      { path, message: API_MESSAGES.operatorNotAllowed },
    ]),
  );
};

/**
 * A JSON body parser bounded to `limitBytes` (413 with that limit in its message), uncompressed
 * (415 from the error handler) and bounded in depth before parsing: body-parser reports whatever
 * `verify` throws as a 403, but a too-deep body is bad input, so it becomes our 400 here, where
 * the depth rule lives. Its other errors (bad JSON, compressed) go on to the error handler.
 */
export function boundedJson(limitBytes: number): RequestHandler {
  const parse = express.json({
    limit: limitBytes,
    inflate: false,
    verify: (_req, _res, raw) => {
      if (exceedsDepth(raw, JSON_MAX_DEPTH)) throw new BodyTooDeepError();
    },
  });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error instanceof BodyTooDeepError) {
        next(new AppError(400, API_MESSAGES.bodyTooDeep(JSON_MAX_DEPTH)));
      } else if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
        next(new AppError(413, API_MESSAGES.bodyTooLarge(limitBytes / 1024)));
      } else {
        next(error);
      }
    });
  };
}

/**
 * JSON body parsing, mounted only on the routes that take a body (http/endpoint.ts), after
 * authentication: bounded in size (413), uncompressed (415: no inflating on our side),
 * bounded in depth before parsing (400), then free of operator keys (400).
 */
export const jsonBody: RequestHandler[] = [boundedJson(JSON_BODY_LIMIT_BYTES), rejectOperators];
