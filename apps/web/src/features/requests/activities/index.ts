// The door of requests/activities: a request's next steps, planned, changed, completed and
// deleted one at a time (issue 20).
export { ActivitiesSection } from './activities-section';
export { ActivitySummary } from './activity-summary';
// Logging one that already happened in one step (issue 33), loaded on first use.
export { LogActivityDialog } from './lazy-log-activity-dialog';
export type { LogActivityDialogProps } from './log-activity-dialog';
