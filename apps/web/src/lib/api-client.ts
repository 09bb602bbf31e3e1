import type { z } from 'zod';
import {
  API_MESSAGES,
  OUTAGE_LABELS,
  errorBodySchema,
  pathOf,
  type EndpointDeclaration,
  type EndpointRequest,
  type EndpointResult,
  type ErrorBody,
  type FieldError,
} from '@crm/shared';
import { env } from '../config/env';
import { clearSession, getSession } from './session-store';

/** A failed call: the HTTP status (0 when the network failed) and the API's error body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get fieldErrors(): FieldError[] {
    return this.body?.errors ?? [];
  }
}

/** True when the call was refused because what it changed had changed meanwhile (409). */
export const isConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

/**
 * One value of what a 409 says is stored now (`current`: a move's `status`, an edited note's
 * `note`, an activity), unchecked; undefined for any other failure.
 */
export const conflictCurrent = (error: unknown, key: string): unknown =>
  isConflict(error) ? error.body?.current?.[key] : undefined;

/** The server's field messages of a failed call, by field (e.g. a taken email), if any. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return undefined;
  return Object.fromEntries(error.fieldErrors.map((field) => [field.path, field.message]));
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Bytes sent as they are, with their own media type (an endpoint with `rawBody`). */
  rawBody?: Blob;
  /** Every response is parsed with the shared schema of its endpoint. */
  schema: z.ZodType<T>;
  /** The message of the error thrown on any failure (the spec's wording, §8). */
  failureMessage?: string;
  signal?: AbortSignal;
};

/**
 * The one HTTP client of the web app. It attaches the session token, parses the answer with the
 * shared zod schema and turns every failure into an ApiError. A 401 on an authenticated call
 * means the token expired or was revoked: the session ends, and the router returns to /login.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, rawBody, schema, failureMessage, signal } = options;
  const session = getSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (rawBody) headers['Content-Type'] = rawBody.type;
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.token}`;

  let response: Response;
  try {
    response = await fetch(`${env.VITE_API_URL}${path}`, {
      method,
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(failureMessage ?? OUTAGE_LABELS.unreachable, 0);
  }

  const data: unknown = await response.json().catch((error: unknown) => {
    // Cancelled while the body was read (a query superseded): not a bad answer.
    if (signal?.aborted) throw error;
    return undefined;
  });
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(data);
    const errorBody = parsed.success ? parsed.data : undefined;
    if (response.status === 401 && session && getSession()?.token === session.token) {
      clearSession();
    }
    throw new ApiError(
      failureMessage ??
        serverSideFailure(response.status, errorBody?.message) ??
        errorBody?.message ??
        OUTAGE_LABELS.serverFailed,
      response.status,
      errorBody,
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(failureMessage ?? OUTAGE_LABELS.serverFailed, response.status);
  }
  return parsed.data;
}

/**
 * Issue 33: a failure of the server's side reads in Spanish (the API's generic 503 and 500
 * messages are English, for operators and API clients); the spec's own words (`failureMessage`)
 * still win, and so does a message of the feature's own (a 503 "this server sends no email"); a
 * refusal (4xx) keeps the API's message, Spanish for the fields a person fills in.
 */
const GENERIC_SERVER_MESSAGES: readonly (string | undefined)[] = [
  undefined,
  API_MESSAGES.databaseUnavailable,
  API_MESSAGES.internalError,
];

function serverSideFailure(status: number, message: string | undefined): string | undefined {
  if (status < 500 || !GENERIC_SERVER_MESSAGES.includes(message)) return undefined;
  return [502, 503, 504].includes(status) ? OUTAGE_LABELS.unreachable : OUTAGE_LABELS.serverFailed;
}

/** `?a=1&b=2` from a query object; absent (undefined) values are left out, not sent as "undefined". */
export function searchOf(query: unknown): string {
  if (!query) return '';
  const entries = Object.entries(query as Record<string, unknown>).filter(
    (entry): entry is [string, string | number | boolean] =>
      entry[1] !== undefined && entry[1] !== null,
  );
  return entries.length === 0
    ? ''
    : `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()}`;
}

export type CallOptions = Pick<RequestOptions<unknown>, 'failureMessage' | 'signal'>;

/** What a caller sends: an endpoint with `rawBody` takes its bytes as a Blob (its type sent). */
export type CallRequest<E extends EndpointDeclaration> = EndpointRequest<E> &
  (E['rawBody'] extends object ? { rawBody: Blob } : { rawBody?: undefined });

/**
 * Calls an endpoint of the shared contract: its method and path (params filled in), its query
 * and body, and its answer parsed with its response schema.
 */
export function callEndpoint<E extends EndpointDeclaration>(
  endpoint: E,
  request: CallRequest<E>,
  options: CallOptions = {},
): Promise<EndpointResult<E>> {
  const query = searchOf(request.query);
  return apiRequest(`${pathOf(endpoint, request.params)}${query}`, {
    method: endpoint.method.toUpperCase() as RequestOptions<unknown>['method'],
    body: request.body,
    rawBody: request.rawBody,
    schema: endpoint.response as z.ZodType<EndpointResult<E>>,
    ...options,
  });
}
