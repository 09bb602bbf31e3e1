import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The /form page's budget (README "Website leads"): at most 30 KB of gzipped JavaScript before
 * the form shows, i.e. its entry and every chunk the entry imports statically. The ALTCHA widget
 * loads after the form shows and is not counted. Sizes as Vite reports them (kB = 1,000 B).
 */
const FORM_BUDGET_BYTES = 30_000;

type Script = { fileName: string; gzipBytes: number };

async function measureFormPage(): Promise<{ beforeShow: Script[]; later: Script[] }> {
  const script = path.join(import.meta.dirname, 'measure-form-page.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [script]);
  return JSON.parse(stdout) as { beforeShow: Script[]; later: Script[] };
}

const total = (scripts: Script[]) => scripts.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
const isCaptcha = ({ fileName }: Script) => fileName.includes('altcha');

describe('/form page budget', () => {
  it('when built, the page loads at most 30 KB of gzipped JavaScript before the form shows, and the captcha after', async () => {
    const { beforeShow, later } = await measureFormPage();

    expect(total(beforeShow), JSON.stringify(beforeShow)).toBeLessThanOrEqual(FORM_BUDGET_BYTES);
    expect(beforeShow.some(isCaptcha)).toBe(false);
    expect(later.some(isCaptcha)).toBe(true);
  }, 60_000);
});
