import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { webhookSignature } from './webhook-signature';
import { resolveTarget, TargetAddress, TargetPolicy, TargetRefused } from './webhook-target';

/** How one attempt went: the receiver's status, or why there was none. Only a 2xx answer delivers. */
export interface AttemptOutcome {
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface OutgoingMessage {
  url: string;
  /** Each signs the message: the endpoint's secret, and the one it replaced while their overlap lasts. */
  secrets: string[];
  /** The `Webhook-Id`: the event's id, the same on every attempt, so that receivers can drop repeats. */
  id: string;
  body: string;
}

/** Connects to the addresses checked beforehand, never to what a second DNS answer says. */
export function pinnedLookup(addresses: TargetAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
}

/**
 * POSTs one signed message and answers how it went; never throws. The whole attempt (resolution, connection, answer)
 * has `timeoutMs`; redirects are not followed (a 3xx is a failure), so a receiver cannot point the service elsewhere.
 */
export async function sendWebhook(message: OutgoingMessage, policy: TargetPolicy, timeoutMs: number): Promise<AttemptOutcome> {
  const attemptedAt = new Date();
  const started = performance.now();
  const outcome = (statusCode: number | null, error: string | null): AttemptOutcome => ({
    attemptedAt,
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(message.url);
  let addresses: TargetAddress[];
  try {
    addresses = await resolveTarget(url, policy);
  } catch (error) {
    return outcome(null, error instanceof TargetRefused ? `Refused target: ${error.message}` : String(error));
  }
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(message.body),
    'User-Agent': 'CareerAPI-Webhooks/1',
    'Webhook-Id': message.id,
    'Webhook-Timestamp': String(timestamp),
    'Webhook-Signature': webhookSignature(message.secrets, message.id, timestamp, message.body),
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    const request = transport.request(url, { method: 'POST', headers, lookup: pinnedLookup(addresses) }, (response) => {
      // The answer's body is not kept; reading it to the end frees the connection.
      response.resume();
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve(outcome(status, status >= 200 && status < 300 ? null : `HTTP ${status}`));
      });
      response.on('error', (error) => resolve(outcome(response.statusCode ?? null, error.message)));
    });
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('error', (error) => resolve(outcome(null, error.message)));
    request.on('close', () => clearTimeout(timer));
    request.end(message.body);
  });
}
