import { BOARD_COLUMNS, type Request } from '@crm/shared';

/**
 * The fields the §5 rules ask of a request (the closed stage's included), but its vendor: with a
 * vendor added, a move to any stage leaves nothing missing.
 */
export const COMPLETE_FIELDS = {
  paymentMethod: 'transferencia',
  eventsQuantity: 2,
  pax: 120,
  sourceOfContact: 'website',
  bussinesItem: 'banquetería',
  company: 'Eventos Andinos SpA',
  jobPosition: 'Gerente',
  amoutPaid: 1500,
  emailSentToCloseEvents: true,
} satisfies Partial<Request>;

/** A card's accessible name on the board. */
export const cardName = (request: Pick<Request, 'requestNumber' | 'name'>) =>
  `Solicitud ${request.requestNumber ?? 'unnasigned'}: ${request.name}`;

/** The title of a stage's column. */
export const titleOf = (status: Request['status']) =>
  BOARD_COLUMNS.find((column) => column.status === status)!.title;
