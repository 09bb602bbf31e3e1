// Builds the /form page on its own, in memory, as `vite build` builds its entry, and prints the
// gzipped size of each script as JSON: { beforeShow, later }. `beforeShow`: the entry and every
// chunk it imports statically (what loads before the form shows); `later`: the rest (ALTCHA).
// Run by form-budget.test.ts in a process of its own (esbuild can't run under jsdom); by hand:
// `node src/form/measure-form-page.mjs`.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

const result = await build({
  root: webRoot,
  configFile: false,
  logLevel: 'silent',
  build: { write: false, rollupOptions: { input: { form: `${webRoot}/form.html` } } },
});
const chunks = new Map(
  result.output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
);
const beforeShow = new Set();
const visit = (fileName) => {
  if (beforeShow.has(fileName)) return;
  beforeShow.add(fileName);
  chunks.get(fileName)?.imports.forEach(visit);
};
for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);

const script = (chunk) => ({ fileName: chunk.fileName, gzipBytes: gzipSync(chunk.code).length });
const all = [...chunks.values()];
process.stdout.write(
  JSON.stringify({
    beforeShow: all.filter((chunk) => beforeShow.has(chunk.fileName)).map(script),
    later: all.filter((chunk) => !beforeShow.has(chunk.fileName)).map(script),
  }),
);
