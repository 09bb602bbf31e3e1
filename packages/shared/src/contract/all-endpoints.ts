import type { EndpointDeclaration } from './define.js';
import { api } from './endpoints.js';

/*
 * Every endpoint of the API, for what must know them all: the API's router checks, the OpenAPI
 * document, the contract suite's coverage. The web app never imports this module.
 *
 * Why two places: `api` (endpoints.ts) is one object, and every page of the web app that calls
 * one of its endpoints carries all of them (a bundler can't drop an object's unused keys). A
 * feature that only one screen uses declares its group in a module of its own
 * (`contract/<feature>-endpoints.ts`), imported by that screen alone, and lists it below.
 */
const separateGroups: Record<string, EndpointDeclaration>[] = [];

const groups: Record<string, EndpointDeclaration>[] = [...Object.values(api), ...separateGroups];

/** Every endpoint, in declaration order. */
export const endpoints: EndpointDeclaration[] = groups.flatMap((group) => Object.values(group));
