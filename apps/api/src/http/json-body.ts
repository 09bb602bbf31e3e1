import express, { type RequestHandler, type Response } from 'express';
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

/** What a `rawBody` route takes (its declaration's `rawBody`) and the messages it refuses with. */
export type RawBodyRules = {
  mediaTypes: readonly string[];
  maxBytes: number;
  /** The 413's message (too many bytes) and the 415's (another media type). */
  tooLarge: string;
  wrongType: string;
};

/** `image/png; charset=x` → `image/png`. */
const mediaTypeOf = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * 413, and the connection closes after it: the rest of a too-large body is never read into
 * anything (Node drops what is already in flight), and a client that keeps sending is cut off.
 */
function tooLarge(res: Response, message: string): AppError {
  res.set('Connection', 'close');
  return new AppError(413, message);
}

/**
 * A body of bytes (an endpoint declaring `rawBody`: the profile photo) as `req.body`, a Buffer.
 * Refused before a byte is read: another media type (415), any Content-Encoding (415: nothing is
 * inflated on our side), a Content-Length over the limit (413). Then read with a running count,
 * so a body without Content-Length (chunked) or lying about it is refused (413) as soon as it
 * passes the limit: at most `maxBytes` are ever held.
 */
export function rawBodyOf(rules: RawBodyRules): RequestHandler {
  return (req, res, next) => {
    // `*/*`: any type (a request's files, issue 35), still declared by the client.
    const type = mediaTypeOf(req.headers['content-type']);
    if (!(rules.mediaTypes.includes('*/*') ? type !== '' : rules.mediaTypes.includes(type))) {
      return next(new AppError(415, rules.wrongType));
    }
    const encoding = req.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      return next(new AppError(415, API_MESSAGES.bodyEncodingNotAccepted));
    }
    const declared = Number(req.headers['content-length']);
    if (declared > rules.maxBytes) return next(tooLarge(res, rules.tooLarge));

    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', onData).off('end', onEnd);
      next(error);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > rules.maxBytes) {
        chunks.length = 0;
        settle(tooLarge(res, rules.tooLarge));
        // Discards whatever is still in flight until the answer closes the connection.
        req.resume();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      req.body = Buffer.concat(chunks, received);
      settle();
    };
    req.on('data', onData).on('end', onEnd);
    // The client went away mid-body: nobody is left to answer. (Kept after settling, so a late
    // abort is never an unhandled 'error'.)
    req.on('error', () => {
      settled = true;
    });
  };
}
