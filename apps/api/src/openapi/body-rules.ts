import { API_MESSAGES } from '@crm/shared';
import { BODY_KEY_PATTERN } from '../http/json-body.js';

/**
 * The rules every JSON body follows besides its own schema (http/json-body.ts), written into the
 * generated document's body schemas, where zod can't put them: the schemas drop unknown fields,
 * so zod-to-openapi leaves objects open, but the body walker refuses an operator key anywhere.
 * Without this the document would call `{"name": …, "a.b": 1}` valid, and the API answers 400.
 */

type JsonSchema = Record<string, unknown>;
type Components = Record<string, JsonSchema>;

/** Any JSON value whose objects, at any depth, hold no key the body walker refuses. */
const OPERATOR_FREE_JSON = 'JsonWithoutOperatorKeys';
const operatorFreeJsonRef = { $ref: `#/components/schemas/${OPERATOR_FREE_JSON}` };
const allowedKeys = { pattern: BODY_KEY_PATTERN.source };

/** Keywords that only apply to objects or arrays, so any other JSON value passes them. */
const operatorFreeJson: JsonSchema = {
  description: `Any JSON value. ${API_MESSAGES.operatorNotAllowed}, at any depth (400).`,
  propertyNames: allowedKeys,
  additionalProperties: operatorFreeJsonRef,
  items: operatorFreeJsonRef,
};

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{}`: any value at all (zod's `unknown`, as the form's honeypot). */
const acceptsAnything = (schema: JsonSchema) => Object.keys(schema).length === 0;

function componentOf(ref: unknown, components: Components): [string, JsonSchema] | undefined {
  if (typeof ref !== 'string') return undefined;
  const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
  const schema = name === undefined ? undefined : components[name];
  return name !== undefined && schema ? [name, schema] : undefined;
}

/**
 * Closes every object of a body schema to the refused keys, in place, following `$ref`s into
 * components (each once), `anyOf`/`oneOf`/`allOf`, properties and array items.
 */
function closeToOperatorKeys(schema: JsonSchema, components: Components, seen: Set<string>) {
  const component = componentOf(schema.$ref, components);
  if (component) {
    const [name, target] = component;
    if (seen.has(name)) return;
    seen.add(name);
    closeToOperatorKeys(target, components, seen);
    return;
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) {
      for (const branch of branches) {
        if (isObject(branch)) closeToOperatorKeys(branch, components, seen);
      }
    }
  }
  if (isObject(schema.items)) closeToOperatorKeys(schema.items, components, seen);
  if (schema.type !== 'object' && !isObject(schema.properties)) return;

  schema.propertyNames = allowedKeys;
  // Unknown fields are accepted (and dropped), as long as nothing inside them is refused.
  schema.additionalProperties ??= operatorFreeJsonRef;
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    if (acceptsAnything(property)) properties[name] = operatorFreeJsonRef;
    else closeToOperatorKeys(property, components, seen);
  }
}

/** The parts of an OpenAPI document this reads, as plain JSON. */
type DocumentLike = { paths?: object; components?: { schemas?: object } };

/** Applies the body rules to every operation's JSON body, and adds their component. */
export function documentBodyRules(document: DocumentLike): void {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {}) as Components;
  schemas[OPERATOR_FREE_JSON] = operatorFreeJson;
  const seen = new Set<string>([OPERATOR_FREE_JSON]);
  for (const item of Object.values(document.paths ?? {}) as unknown[]) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !isObject(operation.requestBody)) continue;
      const content = operation.requestBody.content;
      const json = isObject(content) ? content['application/json'] : undefined;
      if (isObject(json) && isObject(json.schema)) closeToOperatorKeys(json.schema, schemas, seen);
    }
  }
}
