// The door of requests/card: a request's card on the board (number, avatar, priority, inline
// delete, "Mover a…" menu, next activity, stale badge), the clock and settings its cards share,
// and how a card is named to screen readers.
export { cardLabel } from './card-label';
export { CardCompleteProvider } from './card-complete';
export { CardTimeProvider } from './card-time';
export {
  RequestCard,
  type CardDragProps,
  type CardOwner,
  type RequestCardProps,
} from './request-card';
