import { accountContractCases } from './account-cases.js';
import { activityContractCases } from './activity-cases.js';
import { auditContractCases } from './audit-cases.js';
import { authContractCases } from './auth-cases.js';
import { boardContractCases } from './board-cases.js';
import { boardViewsContractCases } from './board-views-cases.js';
import { requiredBodyContractCases } from './body-cases.js';
import { bulkContractCases } from './bulk-cases.js';
import type { ContractCase } from './client.js';
import { dashboardContractCases } from './dashboard-cases.js';
import { downloadContractCases } from './download-cases.js';
import { emailContractCases } from './email-cases.js';
import { fileContractCases } from './file-cases.js';
import { tokenContractCases } from './token-cases.js';
import { eventContractCases } from './event-cases.js';
import { webhookContractCases } from './webhook-cases.js';
import { exportContractCases } from './export-cases.js';
import { importContractCases } from './import-cases.js';
import { leadContractCases } from './lead-cases.js';
import { listContractCases } from './list-cases.js';
import { outcomeContractCases } from './outcome-cases.js';
import { photoContractCases } from './photo-cases.js';
import { preferencesContractCases } from './preferences-cases.js';
import { profileContractCases } from './profile-cases.js';
import { requestContractCases } from './request-cases.js';
import { settingsContractCases } from './settings-cases.js';
import { twoFactorContractCases } from './two-factor-cases.js';
import { userContractCases } from './user-cases.js';

/**
 * The contract suite (issues 10 and 19): the same cases run against the real API (supertest, real
 * database: apps/api/src/contract/contract.test.ts) and against the web tests' fake
 * (apps/web/src/test/fake-api.contract.test.ts), so the fake cannot claim behaviour the API
 * lacks. A test-only package, read from source by the two apps' tests: nothing here is built or
 * shipped with @crm/shared.
 */
export const contractCases: readonly ContractCase[] = [
  ...authContractCases,
  ...userContractCases,
  ...requestContractCases,
  ...boardContractCases,
  ...bulkContractCases,
  ...exportContractCases,
  ...outcomeContractCases,
  ...leadContractCases,
  ...activityContractCases,
  ...emailContractCases,
  ...fileContractCases,
  ...tokenContractCases,
  ...eventContractCases,
  ...webhookContractCases,
  ...preferencesContractCases,
  ...boardViewsContractCases,
  ...settingsContractCases,
  ...profileContractCases,
  ...photoContractCases,
  ...accountContractCases,
  ...importContractCases,
  ...requiredBodyContractCases,
  ...twoFactorContractCases,
  ...auditContractCases,
  ...dashboardContractCases,
  ...downloadContractCases,
  ...listContractCases,
];

export type {
  ContractAnswer,
  ContractCaller,
  ContractCase,
  ContractClient,
  ContractRequest,
} from './client.js';
export {
  answeredBy,
  exercisedEndpoints,
  fakedOutsideTheSuite,
  outsideTheSuite,
  recordingClient,
  unexercised,
} from './coverage.js';
export { placeholderParams } from './fixtures.js';
