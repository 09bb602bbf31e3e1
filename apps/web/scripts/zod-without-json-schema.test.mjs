import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutJsonSchema, zodWithoutJsonSchema } from './zod-without-json-schema.ts';

const zodDir = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));
const classicSchemas = path.join(zodDir, 'v4', 'classic', 'schemas.js');
const installed = readFileSync(classicSchemas, 'utf8');

describe('zod without its JSON Schema generator (the web build)', () => {
  it('rewrites the installed zod: no generator import, no processor on any schema', () => {
    expect(installed).toContain('../core/to-json-schema.js');
    expect(installed).toMatch(/processors\.stringProcessor\(/);

    const out = withoutJsonSchema(installed);

    expect(out).not.toContain('to-json-schema');
    expect(out).not.toMatch(/processors\.\w+Processor\b/);
    expect(out).not.toContain('processJSONSchema');
    expect(installed).toContain('core.config({ memoizer: core.memoizer() })');
    expect(out).not.toContain('core.memoizer()');
    // What parsing and the `minLength`-style getters use stays.
    expect(out).toContain('processors.aggregateChecks(inst)');
    expect(out).toContain('parse.parse(this, data, params');
    expect(out).toContain('toJSONSchema(params)');
  });

  it('fails the build instead of bundling the generator when zod changes its code', () => {
    expect(() =>
      withoutJsonSchema(installed.replace('../core/to-json-schema.js', '../core/json.js')),
    ).toThrow(/no longer imports to-json-schema/);
    const renamed = installed.replace(
      'inst._zod.processJSONSchema = (ctx, json, params) => processors.stringProcessor(inst, ctx, json, params);',
      'inst._zod.processJSONSchema = (c, j, p) => processors.stringProcessor(inst, c, j, p);',
    );
    expect(() => withoutJsonSchema(renamed)).toThrow(/processors this plugin does not remove/);
    expect(() =>
      withoutJsonSchema(installed.replace('memoizer: core.memoizer()', 'memoizer: core.memo()')),
    ).toThrow(/no longer installs its memoizer/);
  });

  it('applies to `vite build` only, to classic zod only', () => {
    const plugin = zodWithoutJsonSchema();
    expect(plugin.apply).toBe('build');
    expect(
      plugin.transform('export const a = 1;', '/x/node_modules/zod/v4/mini/schemas.js'),
    ).toBeNull();
    expect(plugin.transform(installed, classicSchemas)?.code).not.toContain('to-json-schema');
  });
});
