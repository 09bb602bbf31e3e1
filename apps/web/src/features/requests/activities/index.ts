// The door of requests/activities: a request's next steps, planned, changed, completed and
// deleted one at a time (issue 20).
export { ActivitiesSection } from './activities-section';
export { ActivitySummary } from './activity-summary';
// Completing one anywhere (Agenda, "Para hoy", a card, the window) the same way (issue 33).
export { COMPLETE_CONTROL, useCompleteActivity, type CompleteCall } from './use-complete-activity';
// Logging one that already happened in one step (issue 33), loaded on first use.
export { LogActivityDialog } from './lazy-log-activity-dialog';
export type { LogActivityDialogProps } from './log-activity-dialog';
