import type { ExpectStatic } from 'vitest';
import { API_MESSAGES, FIELD_MESSAGES, type EndpointDeclaration, type Role } from '@crm/shared';
import type { ContractAnswer } from './client.js';

/** A well-formed id that no document has. */
export const UNKNOWN_ID = '0123456789abcdef01234567';
export const PASSWORD = 'Contrato.123';

let counter = 0;
/** A number no other case of this run has used; with the time, no other run either. */
const next = () => `${++counter}.${Date.now().toString(36)}`;

export const uniqueEmail = () => `contract${next()}@example.com`;

export const newUser = (role: Role, email = uniqueEmail()) => ({
  name: 'Carla',
  lastName: 'Contrato',
  email,
  password: PASSWORD,
  role,
  photo: '',
});

export const newRequest = {
  name: 'Lucía Fernández',
  email: 'lucia@example.com',
  requestType: 'obtener una demo',
  message: 'Quiero una demo',
};

/** A name no other case or run uses: board cases filter on it with `q`, so other data can't leak in. */
export const uniqueName = () => `Caso ${next().replace('.', ' ')}`;

export const idOf = (request: unknown) => (request as { _id: string })._id;
export const idsOf = (answer: ContractAnswer) =>
  (answer.body as { items: unknown[] }).items.map(idOf);

/** Placeholder params (an unknown id) for an endpoint's path, to call any endpoint without data. */
export const placeholderParams = (endpoint: EndpointDeclaration) =>
  Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, UNKNOWN_ID]));

/** An error answer naming one field, the way the API (and the fake) report a refused field. */
export const fieldError = (status: number, path: string, message: string, lead = message) => ({
  status,
  body: { message: lead, errors: [{ path, message }] },
});

export const EMAIL_TAKEN = fieldError(
  409,
  'email',
  FIELD_MESSAGES.emailTaken,
  API_MESSAGES.emailTaken,
);

/** expect.any(…), typed as what it is to these cases: a matcher, not a value. */
export const anyNumber = (expect: ExpectStatic): unknown => expect.any(Number);
export const anyString = (expect: ExpectStatic): unknown => expect.any(String);
