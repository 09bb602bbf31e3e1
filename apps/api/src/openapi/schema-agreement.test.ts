import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { endpoints, openApiPathOf, validateRequest, type EndpointDeclaration } from '@crm/shared';
import { findOperatorKey } from '../http/json-body.js';
import { BODY_EXAMPLES } from './examples.js';
import { openApiDocument } from './openapi-document.js';

// Issue 18: the OpenAPI document states exactly what the API accepts. Every documented example,
// and every declared limit's and pattern's edge around it, goes through the document's schema
// (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it) and through the API's own checks (the body
// walker of http/json-body.ts, then the endpoint's zod schemas, as http/endpoint.ts runs them);
// both must give the same verdict.

type Schema = Record<string, unknown>;
type Verdicts = { label: string; documented: boolean; accepted: boolean };

const doc = openApiDocument() as unknown as {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
};
const components = doc.components;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a `$ref` into the document's components. */
function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = components.schemas[name];
  if (!target) throw new Error(`unknown ${ref}`);
  return resolve(target);
}

function newAjv(coerceTypes: boolean) {
  // `strict: false`: OpenAPI's own keywords (`example`) are not JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes });
  addFormats.default(ajv);
  return ajv;
}
const bodyAjv = newAjv(false);
// Parameters travel as text; OpenAPI's `integer` there means digits (as Schemathesis sends them).
const parameterAjv = newAjv(true);

/** A schema that can reach the document's components through its `$ref`s. */
const compile = (ajv: Ajv2020, schema: Schema): ValidateFunction =>
  ajv.compile({ ...schema, components });

function operationOf(endpoint: EndpointDeclaration): Schema {
  const operation = doc.paths[openApiPathOf(endpoint)]?.[endpoint.method];
  if (!operation) throw new Error(`${endpoint.id} is not in the document`);
  return operation;
}

function bodySchemaOf(endpoint: EndpointDeclaration): Schema | undefined {
  const body = operationOf(endpoint).requestBody;
  const content = isObject(body) ? body.content : undefined;
  const json = isObject(content) ? content['application/json'] : undefined;
  return isObject(json) && isObject(json.schema) ? json.schema : undefined;
}

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
  example?: unknown;
};

const parametersOf = (endpoint: EndpointDeclaration) =>
  ((operationOf(endpoint).parameters as Parameter[] | undefined) ?? []).filter(
    (parameter) => parameter.in === 'path' || parameter.in === 'query',
  );

/** The documented examples of an operation's path or query parameters, as text. */
const parameterExamples = (endpoint: EndpointDeclaration, part: 'path' | 'query') =>
  Object.fromEntries(
    parametersOf(endpoint)
      .filter((parameter) => parameter.in === part && parameter.example !== undefined)
      .map((parameter) => [parameter.name, String(parameter.example)]),
  );

/** What the API does with a body: the walker's 400, then the schemas'. */
const apiAcceptsBody = (endpoint: EndpointDeclaration, body: unknown) =>
  findOperatorKey(body) === undefined &&
  validateRequest(endpoint, {
    params: parameterExamples(endpoint, 'path'),
    query: parameterExamples(endpoint, 'query'),
    body,
  }).ok;

/** Characters at the edges of the text rules: controls, breaks, blanks, signs of the formats. */
const PROBE_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u3000',
  '\ufeff',
  ' ',
  '@',
  '.',
  '-',
  '$',
  '=',
  '+',
  'T',
  'z',
  'Z',
  '9',
  'ñ',
  '٣',
];

/** `value` made `length` long by repeating its first character right after it. */
function stretched(value: string, length: number): string {
  const first = value[0] ?? 'x';
  if (length <= value.length) return value.slice(0, length);
  return first + first.repeat(length - value.length) + value.slice(1);
}

/** Strings around `value` that each test one edge of a string schema. */
function stringProbes(schema: Schema, value: string): string[] {
  const probes = ['', ' ', '   ', '\t', '\n', '\u00a0', value.toUpperCase(), value.toLowerCase()];
  for (const char of PROBE_CHARACTERS) {
    probes.push(value + char, char + value, value.slice(0, 1) + char + value.slice(1));
  }
  for (const limit of [schema.maxLength, schema.minLength]) {
    if (typeof limit !== 'number') continue;
    probes.push(stretched(value, limit), stretched(value, limit + 1));
    if (limit > 0) probes.push(stretched(value, limit - 1));
  }
  if (schema.format === 'date-time') {
    probes.push(
      '2026-01-01t00:00:00z',
      '2026-01-01T00:00:00',
      '2026-01-01T00:00Z',
      '2026-01-01T00:00:60Z',
      '2026-01-01T23:59:59.999999Z',
      '2026-01-01T00:00:00+0100',
      '2026-01-01T00:00:00+01:00',
      '2026-01-01 00:00:00Z',
      '2024-02-29T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '٢٠٢٦-01-01T00:00:00Z',
    );
  }
  return probes;
}

function numberProbes(schema: Schema, value: number): number[] {
  const probes = [value, -value, value + 0.5, 0, -1, 1e300, Number.MAX_SAFE_INTEGER + 1];
  for (const limit of [schema.minimum, schema.maximum]) {
    if (typeof limit === 'number') probes.push(limit - 1, limit, limit + 1, limit + 0.5);
  }
  return probes;
}

/** The values one property is tried with, from its example value. */
function valueProbes(schema: Schema, value: unknown): unknown[] {
  const resolved = resolve(schema);
  const probes: unknown[] = [null, true, 7, 'x', [], {}];
  for (const branch of [resolved, ...((resolved.anyOf as Schema[] | undefined) ?? [])]) {
    if (Array.isArray(branch.enum)) probes.push(...(branch.enum as unknown[]), 'not one of them');
  }
  if (typeof value === 'string') probes.push(...stringProbes(resolved, value));
  if (typeof value === 'number') probes.push(...numberProbes(resolved, value));
  if (Array.isArray(value) && isObject(resolved.items)) {
    const item: unknown = value[0] ?? 'x';
    if (typeof resolved.maxItems === 'number') {
      probes.push(Array(resolved.maxItems).fill(item), Array(resolved.maxItems + 1).fill(item));
    }
    for (const itemProbe of valueProbes(resolved.items, item)) probes.push([itemProbe]);
  }
  return probes;
}

/** Keys the body walker refuses, at the top and deep inside an unknown field. */
const KEY_PROBES: Record<string, unknown>[] = [
  { extra: 'ignored' },
  { 'a.b': 1 },
  { $where: 'x' },
  { a$: 1 },
  { '': 1 },
  { extra: { $gt: '' } },
  { extra: [{ nested: { 'x.y': 1 } }] },
  { extra: [{ nested: { fine: [1, 'two', null] } }] },
];

function bodyVerdicts(endpoint: EndpointDeclaration, example: Schema): Verdicts[] {
  const schema = bodySchemaOf(endpoint);
  if (!schema) throw new Error(`${endpoint.id} has no body schema`);
  const documented = compile(bodyAjv, schema);
  const verdict = (label: string, body: unknown): Verdicts => ({
    label: `${endpoint.id} ${label}`,
    documented: documented(body),
    accepted: apiAcceptsBody(endpoint, body),
  });

  const verdicts = [verdict('example', example)];
  const resolved = resolve(schema);
  const branches = [resolved, ...((resolved.anyOf as Schema[] | undefined) ?? []).map(resolve)];
  const properties = new Map<string, Schema>();
  for (const branch of branches) {
    for (const [name, property] of Object.entries(
      (branch.properties as Schema | undefined) ?? {},
    )) {
      if (isObject(property)) properties.set(name, property);
    }
  }
  for (const [name, property] of properties) {
    const { [name]: value, ...without } = example;
    verdicts.push(verdict(`without ${name}`, without));
    for (const probe of valueProbes(property, value)) {
      verdicts.push(verdict(`${name}=${JSON.stringify(probe)}`, { ...example, [name]: probe }));
    }
  }
  for (const keys of KEY_PROBES)
    verdicts.push(verdict(JSON.stringify(keys), { ...example, ...keys }));
  return verdicts;
}

function parameterVerdicts(endpoint: EndpointDeclaration): Verdicts[] {
  const parameters = parametersOf(endpoint);
  const examples = (part: 'path' | 'query') => parameterExamples(endpoint, part);
  // The body, if any, as documented: only the parameter under test may be wrong.
  const body = BODY_EXAMPLES[endpoint.id]?.[0];
  const verdicts: Verdicts[] = [];
  for (const parameter of parameters) {
    const documented = compile(parameterAjv, parameter.schema);
    const example = String(parameter.example);
    const part = parameter.in === 'path' ? 'params' : 'query';
    const probes = [example, ...stringProbes(resolve(parameter.schema), example)];
    for (const limit of [parameter.schema.minimum, parameter.schema.maximum]) {
      if (typeof limit === 'number')
        probes.push(String(limit - 1), String(limit), String(limit + 1));
    }
    for (const probe of probes) {
      const call = { params: examples('path'), query: examples('query'), body };
      call[part === 'params' ? 'params' : 'query'][parameter.name] = probe;
      // A parameter's document verdict is its own schema's; an empty query value is "absent"
      // to neither, so it is tried like any other text.
      verdicts.push({
        label: `${endpoint.id} ${parameter.in} ${parameter.name}=${JSON.stringify(probe)}`,
        documented: documented(probe),
        accepted: validateRequest(endpoint, call).ok,
      });
    }
    if (!parameter.required && parameter.in === 'query') {
      const { [parameter.name]: _left, ...without } = examples('query');
      verdicts.push({
        label: `${endpoint.id} without ${parameter.name}`,
        documented: true,
        accepted: validateRequest(endpoint, { params: examples('path'), query: without, body }).ok,
      });
    }
  }
  return verdicts;
}

const disagreements = (verdicts: Verdicts[]) =>
  verdicts
    .filter(({ documented, accepted }) => documented !== accepted)
    .map(({ label, documented }) => `${label}: document ${documented ? 'allows' : 'refuses'}`);

const bodyEndpoints = endpoints.filter((endpoint) => bodySchemaOf(endpoint) !== undefined);

describe('the OpenAPI document and the API agree', () => {
  it('when an operation takes a body, then the document shows at least one example of it', () => {
    const without = bodyEndpoints
      .filter((endpoint) => !BODY_EXAMPLES[endpoint.id]?.length)
      .map((endpoint) => endpoint.id);
    expect(without).toEqual([]);
  });

  it.each(bodyEndpoints.map((endpoint) => [endpoint.id, endpoint] as const))(
    'when %s gets its examples and every edge around them, then the document and the API agree on each',
    (_id, endpoint) => {
      const verdicts = (BODY_EXAMPLES[endpoint.id] ?? []).flatMap((example) =>
        bodyVerdicts(endpoint, example),
      );
      // Each example itself is valid to both, and the edges are real: both sides refuse some.
      for (const verdict of verdicts.filter((v) => v.label.endsWith(' example'))) {
        expect(verdict, verdict.label).toMatchObject({ documented: true, accepted: true });
      }
      expect(verdicts.some((verdict) => !verdict.accepted)).toBe(true);
      expect(disagreements(verdicts)).toEqual([]);
    },
  );

  it.each(
    endpoints
      .filter((endpoint) => endpoint.params ?? endpoint.query)
      .map((endpoint) => [endpoint.id, endpoint] as const),
  )(
    'when %s gets its parameters’ examples and every edge around them, then both agree on each',
    (_id, endpoint) => {
      const verdicts = parameterVerdicts(endpoint);
      expect(verdicts.length).toBeGreaterThan(0);
      expect(disagreements(verdicts)).toEqual([]);
    },
  );

  it('when a rule can’t be written as JSON Schema, then the document says it in words', () => {
    const schemas = components.schemas;
    const update = resolve(schemas.UpdateRequestBody ?? {});
    const notes = (update.properties as Record<string, Schema>).notes;
    expect(notes?.description).toMatch(/20000/);
    expect(resolve(schemas.LoginBody ?? {}).properties).toMatchObject({
      altcha: { description: expect.stringMatching(/not used before/) },
    });
  });
});
