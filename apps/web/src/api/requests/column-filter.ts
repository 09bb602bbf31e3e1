import { VENDOR_FILTER_ME, VENDOR_FILTER_NONE } from '@crm/shared';
import type { FilterCheck } from './board-cache';

/**
 * The board's filters the browser applies exactly as the API does (board.service.ts filterFor):
 * equalities on the request's own fields ("Ejecutivo", "Prioridad", "Tipo", and "Resultado" on
 * CERRADO). Not the search (`q`: the database's case-insensitive matching of any text is not
 * JavaScript's) nor "Próxima acción" (`next`: ranges of the caller's days at the instant the
 * server reads them): a column under either is refetched whenever a change may take a request
 * in or out of it, and only that column.
 *
 * `me`: the signed-in user's id, what "Mis solicitudes" (`vendor=me`) stands for.
 */
export const exactFilterCheck =
  (me: string | undefined): FilterCheck =>
  (request, { q, next, vendor, priority, requestType, outcome, status }) => {
    if (q || next) return undefined;
    if (vendor) {
      const wanted =
        vendor === VENDOR_FILTER_ME ? me : vendor === VENDOR_FILTER_NONE ? null : vendor;
      if (wanted === undefined) return undefined;
      if (request.vendor !== wanted) return false;
    }
    if (priority && request.priority !== priority) return false;
    if (requestType && request.requestType !== requestType) return false;
    // "Resultado" narrows CERRADO only; a closed request without one is `none`.
    if (outcome && status === 'closed' && (request.outcome?.result ?? 'none') !== outcome) {
      return false;
    }
    return true;
  };
