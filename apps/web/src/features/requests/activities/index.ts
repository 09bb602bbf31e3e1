// The door of requests/activities: a request's next steps, planned, changed, completed and
// deleted one at a time (issue 20).
export { ActivitiesSection } from './activities-section';
export { ActivitySummary } from './activity-summary';
