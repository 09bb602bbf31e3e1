// The door of requests/card: a request's card on the board (number, avatar, priority, inline
// delete, "Mover a…" menu) and how a card is named to screen readers.
export { cardLabel } from './card-label';
export {
  RequestCard,
  type CardDragProps,
  type CardOwner,
  type RequestCardProps,
} from './request-card';
