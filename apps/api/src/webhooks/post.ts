import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS, type WebhookFailure } from '@crm/shared';
import type { CheckedAddress } from './address-check.js';

/** What one try got back. */
export type TryOutcome = {
  /** A 2xx answer. */
  delivered: boolean;
  durationMs: number;
  /** null when no answer came (no connection, cut before the headers). */
  responseStatus: number | null;
  /** The answer's first KB, as text. */
  responseBody: string;
  failure: WebhookFailure | null;
};

export type OutgoingPost = {
  url: URL;
  /** The checked address the connection goes to, whatever the name resolves to now. */
  to: CheckedAddress;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
};

/** The connection's name resolution: only ever the checked address. */
const pinnedTo =
  ({ address, family }: CheckedAddress): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

const failureOf = (status: number): WebhookFailure | null =>
  status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? 'redirect' : 'status';

/**
 * One POST of a delivery (issue 36). Never follows a redirect (a 3xx is a failure: where it
 * points is not checked), reads at most the answer's first KB and drops the connection then
 * (a 5 MB answer costs a KB), and gives up once `timeoutMs` has passed (a receiver that hangs
 * holds nothing longer). A fresh connection each time: a pooled one could lead elsewhere than
 * the address just checked. Never rejects.
 */
export function postOnce({ url, to, body, headers, timeoutMs }: OutgoingPost): Promise<TryOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      request.destroy();
      const answer = Buffer.concat(chunks).subarray(0, WEBHOOK_LIMITS.answerBytes);
      resolve({
        delivered: status !== null && failureOf(status) === null,
        durationMs: Math.round(performance.now() - started),
        responseStatus: status,
        responseBody: answer.toString('utf8'),
        // An answer's status stands even when its body was cut short.
        failure: status !== null ? failureOf(status) : signal.aborted ? 'timeout' : 'connection',
      });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'CRM-Webhooks/1',
          ...headers,
        },
        lookup: pinnedTo(to),
        agent: false,
        signal,
      },
      (response) => {
        status = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= WEBHOOK_LIMITS.answerBytes) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
        response.on('close', finish);
      },
    );
    request.on('error', finish);
    request.end(body);
  });
}
