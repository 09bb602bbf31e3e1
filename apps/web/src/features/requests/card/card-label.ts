import { MISSING_REQUEST_NUMBER, type Request } from '@crm/shared';

/** The card's number line: the requestNumber, or "unnasigned" (§2). */
export const cardNumber = (request: Pick<Request, 'requestNumber'>) =>
  String(request.requestNumber ?? MISSING_REQUEST_NUMBER);

/** How a card is named to screen readers and in notices: "Solicitud 42: Marta Díaz". */
export const cardLabel = (request: Pick<Request, 'requestNumber' | 'name'>) =>
  `Solicitud ${cardNumber(request)}: ${request.name}`;
