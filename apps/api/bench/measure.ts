import autocannon from 'autocannon';

export type LoadSettings = { durationSec: number; connections: number };

export type Measurement = { p50: number; p95: number; rps: number; requests: number };

/** Nearest-rank percentile of sorted samples (ms). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export type Timing = { p50: number; p95: number };

/** Runs `run` once to warm up (caches, pools, JIT), then `samples` times one after another. */
export async function timed(samples: number, run: () => Promise<unknown>): Promise<Timing> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * Loads one URL with autocannon. Latencies are collected per response because autocannon's
 * histogram has no p95; requests per second are completed responses over the run's duration
 * (its per-second buckets are mostly empty when one request takes over a second).
 * Throws unless every response was 2xx and there were no errors or timeouts.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<Measurement> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        headers,
        connections: settings.connections,
        duration: settings.durationSec,
        // A single request is slow on FerretDB; do not count it as a timeout.
        timeout: 120,
      },
      (error: unknown, res) =>
        error ? reject(new Error('autocannon failed', { cause: error })) : resolve(res),
    );
    instance.on('response', (_client, statusCode, _resBytes, responseTime) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      latencies.push(responseTime);
    });
  });

  if (latencies.length === 0) {
    throw new Error(
      `GET ${url}: no response within ${settings.durationSec} s; raise BENCH_DURATION`,
    );
  }
  const failed = [...statuses].filter(([code]) => code < 200 || code > 299);
  if (failed.length > 0 || result.errors > 0 || result.timeouts > 0) {
    const codes = [...statuses].map(([code, count]) => `${code}×${count}`).join(', ') || 'none';
    throw new Error(
      `GET ${url}: not every response was 2xx (statuses: ${codes}; errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: latencies.length / result.duration,
    requests: latencies.length,
  };
}
