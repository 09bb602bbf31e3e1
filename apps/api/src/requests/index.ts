// The requests feature's door: what the app and other features may use (eslint.config.js).
export { activitiesRoutes } from './activities/activities.routes.js';
export { releaseActivitiesOf, type StoredActivity } from './activities/activities.service.js';
export { openActivitiesDue } from './agenda/agenda.service.js';
export { openActivitiesDueIn, type DueWindow } from './activities/due-activities.js';
export { historyEntry } from './history/history.service.js';
export { exportWriter, writeRows } from './export/export-writers.js';
export type { ExportCell } from './export/export-row.js';
export { changeNotes } from './notes/notes.service.js';
// An import's reads and writes of the requests (imports/ decides, these write; issue 34).
export {
  createImportedRows,
  requestEmailsOldestFirst,
  requestNumbersOf,
  updateImportedRow,
  type ImportRun,
  type RequestEmail,
  type RowToCreate,
  type RowToUpdate,
  type RowWrite,
} from './import/import-writes.js';
// The counts and totals Inicio shows (dashboard/ shapes them; issue 34).
export {
  closedTotals,
  funnelQuery,
  openByVendorQuery,
  outcomesQuery,
  pipelineQuery,
  staleByVendorQuery,
  staleFilter,
  staysQuery,
  weekCounts,
  type FunnelGroup,
  type OutcomeGroup,
  type Scope,
  type StayRow,
  type VendorId,
} from './figures/figures.js';
export { requestsModels } from './request.model.js';
// Issue 36: the requests' events into the log (events/), and the sweep of those a crash left.
export { publishEventsJob, publishRequestEvents, sweepPendingEvents } from './events/publish.js';
export { unassignRequestsOf } from './unassign.js';
export { websiteRequestsAfter } from './website-leads.js';
export { requestsRoutes } from './requests.routes.js';
export { createRequest, requestExists } from './requests.service.js';
// A request's mails (issue 35): what the request keeps of them (emails/ owns the mails).
export {
  clearUnreadEmails,
  newestOpenRequestOf,
  recordEmailReceived,
  recordEmailSent,
  requestForMail,
  type RequestForMail,
} from './mail/request-mail.js';
// The demo seed's requests (seed/, issue 34).
export { replaceWithDemoRequests } from './demo-requests.js';
export { backfillStageChangedAt } from './moves/stage-changed-at.js';
export { backfillStageVisits, stageVisitsOf } from './moves/stage-visits.js';
