import * as http from 'node:http';
import * as https from 'node:https';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { ValidationFailedError } from '../../../common/errors/api-errors';
import { pinnedLookup } from '../../webhooks/webhook-sender';
import { resolveTarget, TargetAddress, TargetPolicy, TargetRefused } from '../../webhooks/webhook-target';
import { JobPageErrorCode, JobPageException } from './job-page.exception';

/** How much of the outside a page fetch may use. */
export interface PageFetchLimits {
  /** The whole fetch: every lookup, connection, redirect and byte of the page. */
  timeoutMs: number;
  /** The page's bytes, after decompression. */
  maxBytes: number;
  maxRedirects: number;
}

export const PAGE_SIZE_LIMIT = 2 * 1024 * 1024;
export const PAGE_REDIRECT_LIMIT = 5;

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/**
 * GETs a job's page, answering its HTML as text, through the webhooks' guard against server-side request forgery: every address the host
 * resolves to must be public (loopback only with WEBHOOKS_ALLOW_HTTP_LOOPBACK, for development), the connection
 * goes to the addresses checked, and each redirect is checked again the same way before it is followed. The URL
 * the caller gave being refused is a 400 on `url`; anything that goes wrong with the page afterwards is a
 * JobPageException (422) naming why.
 */
export async function fetchJobPage(url: string, policy: TargetPolicy, limits: PageFetchLimits): Promise<string> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  try {
    let current = new URL(url);
    for (let redirects = 0; ; redirects++) {
      const addresses = await untilAborted(checkedAddresses(current, policy, redirects > 0), deadline.signal);
      const response = await untilAborted(get(current, addresses, deadline.signal), deadline.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (redirects >= limits.maxRedirects) {
          throw new JobPageException(JobPageErrorCode.JOB_PAGE_UNREACHABLE, `The page redirects more than ${limits.maxRedirects} times`);
        }
        current = new URL(location, current);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new JobPageException(JobPageErrorCode.JOB_PAGE_UNREACHABLE, `The page answered HTTP ${status}`);
      }
      const type = response.headers['content-type'] ?? '';
      if (type && !HTML_TYPES.test(type)) {
        response.destroy();
        throw new JobPageException(JobPageErrorCode.JOB_PAGE_UNREADABLE, `The page is ${type.split(';')[0].trim()}, not HTML`);
      }
      if (Number(response.headers['content-length']) > limits.maxBytes) {
        response.destroy();
        throw tooLarge(limits.maxBytes);
      }
      const body = await untilAborted(readBody(response, limits.maxBytes), deadline.signal);
      return decode(body, type);
    }
  } catch (error) {
    if (error instanceof JobPageException || error instanceof ValidationFailedError) throw error;
    if (deadline.signal.aborted) {
      throw new JobPageException(JobPageErrorCode.JOB_PAGE_TIMEOUT, `The page did not arrive within ${limits.timeoutMs / 1000} s`);
    }
    throw new JobPageException(JobPageErrorCode.JOB_PAGE_UNREACHABLE, `The page could not be fetched: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The URL's addresses, checked: the caller's own URL refused is a 400 on the field; a redirect's, a 422. */
async function checkedAddresses(url: URL, policy: TargetPolicy, redirected: boolean): Promise<TargetAddress[]> {
  try {
    return await resolveTarget(url, policy);
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    if (!redirected) throw ValidationFailedError.field('url', error.message);
    throw new JobPageException(JobPageErrorCode.JOB_PAGE_REDIRECT_REFUSED, `The page redirects to ${url.href}, which is refused: ${error.message}`);
  }
}

function get(url: URL, addresses: TargetAddress[], signal: AbortSignal): Promise<http.IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: 'GET',
      lookup: pinnedLookup(addresses),
      signal,
      headers: {
        Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'Accept-Encoding': 'gzip, deflate, br',
        'User-Agent': 'CareerAPI-JobPageReader/1',
      },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

/** The body, decompressed, refused once it passes `maxBytes` (a small compressed page may unpack to gigabytes). */
async function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  const stream: Readable = decoder ? response.pipe(decoder) : response;
  if (decoder) response.on('error', (error) => decoder.destroy(error));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk as Buffer);
    }
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks);
}

/** The page's text in its charset: the Content-Type's, else a `<meta charset>` near its start, else UTF-8. */
function decode(body: Buffer, contentType: string): string {
  const declared =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function tooLarge(maxBytes: number): JobPageException {
  return new JobPageException(JobPageErrorCode.JOB_PAGE_TOO_LARGE, `The page is larger than ${maxBytes / (1024 * 1024)} MB`);
}

/** The work, or the deadline's abort, whichever comes first (a DNS lookup takes no signal of its own). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
