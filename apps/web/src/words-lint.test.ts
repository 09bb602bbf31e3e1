import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Words live in @crm/shared's catalogues (issue 34 item 5, docs/web.md "Words"); eslint.config.js
// refuses them inline in a component (crm/no-inline-words). These lint planted components in a
// real file's place with the repository's own config, so a rule that stops firing fails here.
const webSrc = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webSrc, '../../..');
const WORDS_RULE = 'crm/no-inline-words';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function wordErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(webSrc, 'features/users/components/users-page.tsx'),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === WORDS_RULE)
    .map((message) => message.message);
}

// Linting with type information loads the web project once (a few seconds on a busy machine).
describe('the web lint rule: words come from a catalogue', { timeout: 120_000 }, () => {
  it('when a component writes JSX text, then it fails naming the words', async () => {
    const errors = await wordErrors('export const A = () => <p>Guardar cambios</p>;\n');
    expect(errors).toEqual([expect.stringContaining('"Guardar cambios"')]);
  });

  it('when a component names a button with a string, then it fails', async () => {
    const errors = await wordErrors(
      'export const A = () => <button aria-label="Cerrar" title={`Cerrar`} />;\n',
    );
    expect(errors).toHaveLength(2);
  });

  it('when a component writes a string child, then it fails', async () => {
    const errors = await wordErrors("export const A = () => <p>{'Hola'}</p>;\n");
    expect(errors).toHaveLength(1);
  });

  it('when a component joins catalogue words with punctuation and symbols, then it passes', async () => {
    const errors = await wordErrors(
      [
        "import { APP_LABELS } from '@crm/shared';",
        'export const A = ({ n }: { n: number }) => (',
        '  <p title={APP_LABELS.close} aria-label="">',
        "    {APP_LABELS.home} · {n} — (+){' '}…",
        '  </p>',
        ');',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});
