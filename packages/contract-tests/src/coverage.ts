import { endpoints, type EndpointDeclaration } from '@crm/shared';
import type { ContractClient } from './client.js';

/**
 * Every endpoint that changes data must be exercised by the suite up to its declared success,
 * against both backends: a new POST, PUT, PATCH or DELETE without a case fails the suite instead
 * of leaving the fake free to drift (issue 19).
 */
export const changingEndpoints: readonly EndpointDeclaration[] = endpoints.filter(
  (endpoint) => endpoint.method !== 'get',
);

/** Wraps a backend's client to note each endpoint that answered its declared success status. */
export function recordingClient(client: ContractClient): {
  client: ContractClient;
  succeeded: ReadonlySet<string>;
} {
  const succeeded = new Set<string>();
  return {
    succeeded,
    client: {
      ...client,
      async call(endpoint, request, token) {
        const answer = await client.call(endpoint, request, token);
        if (answer.status === endpoint.status) succeeded.add(endpoint.id);
        return answer;
      },
    },
  };
}

/** The ids of the endpoints that change data and never answered their success. */
export const unexercised = (succeeded: ReadonlySet<string>): string[] =>
  changingEndpoints.filter((endpoint) => !succeeded.has(endpoint.id)).map(({ id }) => id);
