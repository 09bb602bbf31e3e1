import type { Measurement } from './measure.js';

/** The API may take at most this many times the bare read's median latency. */
export const TARGET_RATIO = 1.5;

export type EndpointResult = {
  endpoint: string;
  api: Measurement;
  bare: Measurement;
  apiKB: number;
  bareKB: number;
};

const ms = (value: number) => `${value.toFixed(0)} ms`;
const num = (value: number, digits: number) => value.toFixed(digits);

export const p50Ratio = (r: EndpointResult) => r.api.p50 / r.bare.p50;
export const rpsRatio = (r: EndpointResult) => r.bare.rps / r.api.rps;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!)))
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

export function formatResults(results: readonly EndpointResult[]): string {
  const header = [
    'endpoint',
    'API p50',
    'API p95',
    'API rps',
    'bare p50',
    'bare p95',
    'bare rps',
    'p50 API/bare',
    'rps bare/API',
    'n API/bare',
  ];
  const rows = results.map((r) => [
    `GET ${r.endpoint}`,
    ms(r.api.p50),
    ms(r.api.p95),
    num(r.api.rps, 2),
    ms(r.bare.p50),
    ms(r.bare.p95),
    num(r.bare.rps, 2),
    `${num(p50Ratio(r), 2)}x`,
    `${num(rpsRatio(r), 2)}x`,
    `${r.api.requests}/${r.bare.requests}`,
  ]);
  const verdicts = results.map((r) => {
    const ok = p50Ratio(r) <= TARGET_RATIO;
    return `${ok ? 'PASS' : 'FAIL'} GET ${r.endpoint}: API p50 is ${num(p50Ratio(r), 2)}x the bare read (target <= ${TARGET_RATIO}x)`;
  });
  return `${table([header, ...rows])}\n\n${verdicts.join('\n')}`;
}
