// Issue 34: zod's JSON Schema generator out of the web build (about 5 kB gzipped off every page),
// and its default memoizer (below).
// Classic zod (`import { z } from 'zod'`, which @crm/shared's schemas use) wires every schema
// to it for `.toJSONSchema()` and Standard Schema's `~standard.jsonSchema`, so Rollup can't drop
// it. Only the API turns schemas into JSON Schema (its OpenAPI document); the web app never
// does. This Vite plugin (`vite build` only; tests run the real zod) rewrites zod's
// classic/schemas.js as it is bundled: those two methods throw, and no schema carries a JSON
// Schema processor, so json-schema-processors.js keeps only `aggregateChecks` (the `minLength`
// style getters) and to-json-schema.js isn't bundled. Parsing is untouched.
//
// It fails the build when zod's file no longer has the lines it rewrites (a zod upgrade):
// then check the new file and update the patterns; scripts/zod-without-json-schema.test.mjs
// runs it on the installed zod.

import type { Plugin } from 'vite';

const CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

const GENERATOR_IMPORT =
  'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';

const NO_GENERATOR = [
  'const createToJSONSchemaMethod = () => () => {',
  '    throw new Error("JSON Schema is not generated in the web app (apps/web/scripts/zod-without-json-schema.ts)");',
  '};',
  'const createStandardJSONSchemaMethod = createToJSONSchemaMethod;',
].join('\n');

// The parse-time guard against reference cycles, which classic zod installs by default and
// zod/mini (the /form page's) doesn't: parsing is the same for data without cycles, and what the
// web app parses (JSON answers, form values) has none. About 2.5 kB gzipped.
const DEFAULT_MEMOIZER = `function _ensureDefaultMemoizer() {
    if (!core.globalConfig.memoizer)
        core.config({ memoizer: core.memoizer() });
}`;

const PROCESSOR =
  /\n[ \t]*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+Processor\(inst, ctx, json, params\);/g;

/** classic/schemas.js without the JSON Schema generator; throws when zod's code has changed. */
export function withoutJsonSchema(code: string): string {
  if (!code.includes(GENERATOR_IMPORT)) {
    throw new Error(
      'zod-without-json-schema: zod/v4/classic/schemas.js no longer imports to-json-schema.js as expected',
    );
  }
  if (!code.includes(DEFAULT_MEMOIZER)) {
    throw new Error(
      'zod-without-json-schema: zod/v4/classic/schemas.js no longer installs its memoizer as expected',
    );
  }
  const out = code
    .replace(GENERATOR_IMPORT, NO_GENERATOR)
    .replace(PROCESSOR, '')
    .replace(DEFAULT_MEMOIZER, 'function _ensureDefaultMemoizer() {}');
  if (out.includes('processJSONSchema') || /processors\.\w+Processor\b/.test(out)) {
    throw new Error(
      'zod-without-json-schema: zod/v4/classic/schemas.js has JSON Schema processors this plugin does not remove',
    );
  }
  return out;
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    transform(code: string, id: string) {
      if (!CLASSIC_SCHEMAS.test(id.replace(/\?.*$/, ''))) return null;
      return { code: withoutJsonSchema(code), map: null };
    },
  };
}
