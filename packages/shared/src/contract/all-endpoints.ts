import { auditApi, auditDocs } from './audit-endpoints.js';
import { apiDocs } from './docs-endpoints.js';
import type { EndpointDeclaration, EndpointDocs } from './define.js';
import { api } from './endpoints.js';
import { twoFactorAdminApi, twoFactorAdminDocs } from './two-factor-admin-endpoints.js';
import { twoFactorApi, twoFactorDocs } from './two-factor-endpoints.js';
import { twoFactorPolicyApi, twoFactorPolicyDocs } from './two-factor-policy-endpoints.js';
import { twoFactorLoginApi, twoFactorLoginDocs } from './two-factor-login-endpoints.js';
import { webhooksApi, webhooksDocs } from './webhooks-endpoints.js';

/*
 * Every endpoint of the API, with its words for the documentation, for what must know them all:
 * the API's router checks, the OpenAPI document, the contract suite's coverage. The web app never
 * imports this module.
 *
 * `api` (endpoints.ts) gathers the groups declared one module per feature, whose words are in
 * docs-endpoints.ts; the groups declared earlier in modules of their own, with their words
 * beside them (two-factor, the audit log), are listed below. The rule for a new endpoint is in
 * endpoints.ts and docs/api.md ("Adding an endpoint").
 */
type DocumentedGroup = {
  group: Record<string, EndpointDeclaration>;
  docs: Record<string, EndpointDocs>;
};

const apiGroups: DocumentedGroup[] = Object.entries(api).map(([name, group]) => ({
  group,
  docs: apiDocs[name as keyof typeof api],
}));

const separateGroups: DocumentedGroup[] = [
  { group: twoFactorLoginApi, docs: twoFactorLoginDocs },
  { group: twoFactorApi, docs: twoFactorDocs },
  { group: twoFactorPolicyApi, docs: twoFactorPolicyDocs },
  { group: twoFactorAdminApi, docs: twoFactorAdminDocs },
  { group: auditApi, docs: auditDocs },
  { group: webhooksApi, docs: webhooksDocs },
];

const documented = [...apiGroups, ...separateGroups].flatMap(({ group, docs }) =>
  Object.entries(group).map(([name, endpoint]) => {
    const words = docs[name];
    if (!words) throw new Error(`The endpoint ${endpoint.id} has no documentation words`);
    return { endpoint, words };
  }),
);

/** Every endpoint, in declaration order. */
export const endpoints: EndpointDeclaration[] = documented.map(({ endpoint }) => endpoint);

const docsById = new Map(documented.map(({ endpoint, words }) => [endpoint.id, words]));

/** An endpoint's words for the OpenAPI document. */
export function docsOf(endpoint: EndpointDeclaration): EndpointDocs {
  const words = docsById.get(endpoint.id);
  if (!words) throw new Error(`Unknown endpoint ${endpoint.id}`);
  return words;
}
