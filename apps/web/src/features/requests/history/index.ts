// The door of requests/history: a request's history as the Edit Request modal shows it.
export { noteAuthors } from './history-text';
export { HistoryTimeline } from './history-timeline';
