import {
  requestsApi,
  EXPORT_LABELS,
  pathOf,
  type BoardFilters,
  type EndpointDeclaration,
  type EndpointRequest,
  type ExportFormat,
} from '@crm/shared';
import { env } from '../../config/env';
import { ApiError, callEndpoint, searchOf, type CallOptions } from '../../lib/api-client';
import { clearSession, getSession } from '../../lib/session-store';

/**
 * POST /api/form-contact/export/link (issue 24): the address of the requests of the board's
 * search and filters as a file, with a download ticket for that exact query that works a minute
 * (the API's auth/tickets.ts). The browser follows it by itself, with no Authorization header,
 * so its own download starts at once and goes straight to disk; the API base in front, as for
 * every call.
 */
export async function exportLink(filters: BoardFilters, format: ExportFormat): Promise<string> {
  const { url } = await callEndpoint(
    requestsApi.exportLink,
    { body: { ...filters, format } },
    { failureMessage: EXPORT_LABELS.failed },
  );
  return `${env.VITE_API_URL}${url}`;
}

/** A file the API answered (an export): its bytes, and its name when Content-Disposition gives one. */
export type Download = { blob: Blob; fileName: string | null };

/** `attachment; filename="solicitudes-2026-11-25.csv"` → `solicitudes-2026-11-25.csv`. */
const fileNameOf = (disposition: string | null) =>
  disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? null;

/**
 * Calls an endpoint that answers a file rather than JSON (the api-client's "blob mode", kept here
 * in the export's lazy chunk: the board's first visit does not load it): with the session's token, as every
 * call, and the same ApiError on any failure. The whole body is read before it resolves: for
 * small files only (an import's rows); the board's export goes by `exportLink` instead.
 */
export async function downloadEndpoint<E extends EndpointDeclaration>(
  endpoint: E,
  request: EndpointRequest<E>,
  { failureMessage, signal }: CallOptions & { failureMessage: string },
): Promise<Download> {
  const session = getSession();
  const path = `${pathOf(endpoint, request.params)}${searchOf(request.query)}`;
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(`${env.VITE_API_URL}${path}`, {
      headers: session ? { Authorization: `Bearer ${session.token}` } : {},
      signal,
    });
    blob = await response.blob();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(failureMessage, 0);
  }
  if (!response.ok) {
    if (response.status === 401 && session && getSession()?.token === session.token) {
      clearSession();
    }
    throw new ApiError(failureMessage, response.status);
  }
  return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}
