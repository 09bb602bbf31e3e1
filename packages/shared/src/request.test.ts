import { describe, expect, it } from 'vitest';
import { createRequestBodySchema, requestSchema, updateRequestBodySchema } from './request.js';
import { messagesByPath, storedRequest } from './test-utils.js';

const validCreate = {
  name: 'Luis',
  email: 'luis@example.com',
  requestType: 'otro',
  message: 'Hola',
};

describe('§5 Create request', () => {
  it('accepts the four fields', () => {
    expect(createRequestBodySchema.parse(validCreate)).toEqual(validCreate);
  });

  it('gives every required message', () => {
    expect(messagesByPath(createRequestBodySchema, {})).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      requestType: ['RequestType is required'],
      message: ['Message is required'],
    });
    expect(
      messagesByPath(createRequestBodySchema, {
        name: ' ',
        email: '',
        requestType: '',
        message: '',
      }),
    ).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      requestType: ['RequestType is required'],
      message: ['Message is required'],
    });
  });

  it('says "Invalid email format" for a malformed email', () => {
    expect(
      messagesByPath(createRequestBodySchema, { ...validCreate, email: 'luis at example' }),
    ).toEqual({
      email: ['Invalid email format'],
    });
  });

  it('accepts each of the four request types only', () => {
    for (const requestType of ['agendar reunión', 'obtener una demo', 'recibir asesoría', 'otro']) {
      expect(createRequestBodySchema.safeParse({ ...validCreate, requestType }).success).toBe(true);
    }
    expect(
      messagesByPath(createRequestBodySchema, { ...validCreate, requestType: 'spam' }),
    ).toEqual({
      requestType: ['RequestType is required'],
    });
  });
});

describe('Request entity and update payload', () => {
  it('parses a request as the API returns it', () => {
    expect(requestSchema.parse(storedRequest)).toEqual(storedRequest);
  });

  it('takes the whole object back on update and drops unknown fields', () => {
    const parsed = updateRequestBodySchema.parse({ ...storedRequest, isAdmin: true, __v: 3 });
    expect(parsed).not.toHaveProperty('isAdmin');
    expect(parsed).not.toHaveProperty('__v');
  });

  it('needs the version so a stale save can be refused', () => {
    const { version: _v, ...withoutVersion } = storedRequest;
    expect(Object.keys(messagesByPath(updateRequestBodySchema, withoutVersion))).toEqual([
      'version',
    ]);
  });

  it('rejects an object where a string belongs (operator injection)', () => {
    expect(
      Object.keys(messagesByPath(updateRequestBodySchema, { ...storedRequest, name: { $gt: '' } })),
    ).toEqual(['name']);
  });
});
