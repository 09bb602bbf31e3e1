// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The /form page's budget (README "Website leads"): at most 30 KB of gzipped JavaScript before
 * the form shows, i.e. its entry and every chunk the entry imports statically. The ALTCHA widget
 * loads after the form shows and is not counted. Measured as Vite reports sizes (kB = 1,000 B).
 */
const FORM_BUDGET_BYTES = 30_000;

const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Script = { fileName: string; gzipBytes: number };

/** Builds the page on its own, in memory, as `vite build` builds its entry. */
async function buildFormPage(): Promise<{ beforeShow: Script[]; later: Script[] }> {
  const result = (await build({
    root: WEB_ROOT,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, rollupOptions: { input: { form: `${WEB_ROOT}/form.html` } } },
  })) as Rollup.RollupOutput;
  const chunks = new Map(
    result.output
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const beforeShow = new Set<string>();
  const visit = (fileName: string) => {
    if (beforeShow.has(fileName)) return;
    beforeShow.add(fileName);
    chunks.get(fileName)?.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  const script = (chunk: Rollup.OutputChunk): Script => ({
    fileName: chunk.fileName,
    gzipBytes: gzipSync(chunk.code).length,
  });
  const all = [...chunks.values()];
  return {
    beforeShow: all.filter((chunk) => beforeShow.has(chunk.fileName)).map(script),
    later: all.filter((chunk) => !beforeShow.has(chunk.fileName)).map(script),
  };
}

const total = (scripts: Script[]) => scripts.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);

describe('/form page budget', () => {
  it('when built, the page loads at most 30 KB of gzipped JavaScript before the form shows, and the captcha after', async () => {
    const { beforeShow, later } = await buildFormPage();

    expect(total(beforeShow), JSON.stringify(beforeShow)).toBeLessThanOrEqual(FORM_BUDGET_BYTES);
    expect(beforeShow.some(({ fileName }) => fileName.includes('altcha'))).toBe(false);
    expect(later.some(({ fileName }) => fileName.includes('altcha'))).toBe(true);
  }, 60_000);
});
