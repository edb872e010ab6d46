import { createHash } from 'node:crypto';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ApiClient } from '../../setup/api-client';
import { TestAccount } from '../../setup/factories';
import { PageClient, PageResponse } from '../../setup/page-client';
import { MemoryOAuthProvider } from './memory-oauth-provider';

/** The redirect URI of the test apps: a desktop app's local listener (nothing listens; the tests read the redirect). */
export const REDIRECT = 'http://127.0.0.1:9/callback';
/** The password of the people the OAuth tests sign in as. */
export const PASSWORD = 'correct horse battery staple';
/** PKCE of the tests that drive the endpoints by hand. */
export const VERIFIER = 'a-verifier-of-at-least-forty-three-characters-0123456789';
export const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

/** An OAuth endpoint's answer: its status and JSON body. */
export interface OAuthAnswer {
  status: number;
  body: Record<string, any>;
}

/** Dynamic client registration (RFC 7591) with the given metadata. */
export async function registerClient(baseUrl: string, metadata: Record<string, unknown>): Promise<OAuthAnswer> {
  const response = await fetch(`${baseUrl}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(metadata) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A form post to an OAuth endpoint (`/token`, `/revoke`). */
export async function postForm(baseUrl: string, path: string, form: Record<string, string>): Promise<OAuthAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A complete authorization request of `client` with the tests' PKCE; `extra` overrides or adds parameters. */
export function authorizeUrl(baseUrl: string, client: string, extra: Record<string, string> = {}): URL {
  const url = new URL('/authorize', baseUrl);
  const params = {
    response_type: 'code',
    client_id: client,
    redirect_uri: REDIRECT,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 's',
    ...extra,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

/** Exchanges a code issued for the tests' PKCE at `/token`. */
export function exchangeCode(baseUrl: string, client: string, code: string, extra: Record<string, string> = {}): Promise<OAuthAnswer> {
  return postForm(baseUrl, '/token', { grant_type: 'authorization_code', client_id: client, code, code_verifier: VERIFIER, redirect_uri: REDIRECT, ...extra });
}

function decodeEntities(text: string): string {
  return text.replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');
}

/** The values of a page's ticked `scope` checkboxes. */
export function checkedScopes(html: string): string[] {
  return [...html.matchAll(/<input type="checkbox" name="scope" value="([^"]+)" checked/g)].map((match) => match[1]);
}

/** Follows this site's redirects as a browser would, and stops at a page or at a redirect that leaves the site. */
export async function follow(browser: PageClient, answer: PageResponse): Promise<PageResponse> {
  while (answer.location?.startsWith('/')) answer = await browser.get(answer.location);
  return answer;
}

/** The person's part: open the app's authorization URL, sign in when asked, and read the consent page. */
export async function openConsent(browser: PageClient, authorizationUrl: URL, person: TestAccount): Promise<PageResponse> {
  let page = await follow(browser, await browser.get(`${authorizationUrl.pathname}${authorizationUrl.search}`));
  if (page.html.includes('action="/sign-in"')) {
    const next = decodeEntities(/name="next" value="([^"]*)"/.exec(page.html)?.[1] as string);
    page = await follow(browser, await browser.post('/sign-in', { email: person.email, password: PASSWORD, next }));
  }
  expect(page.status).toBe(200);
  return page;
}

/** The consent form's answer: the redirect to the app. */
export async function answerConsent(browser: PageClient, consent: PageResponse, decision: 'approve' | 'deny', scopes = checkedScopes(consent.html)) {
  const authorization = /name="authorization" value="([^"]+)"/.exec(consent.html)?.[1] as string;
  return browser.post('/oauth/consent', { authorization, decision, scope: scopes });
}

export async function approveInBrowser(browser: PageClient, authorizationUrl: URL, person: TestAccount, scopes?: string[]): Promise<URL> {
  const consent = await openConsent(browser, authorizationUrl, person);
  const answer = await answerConsent(browser, consent, 'approve', scopes ?? ['tracker:read', 'jobs:search']);
  expect(answer.status).toBe(303);
  return new URL(answer.location as string);
}

/** Discovery, registration and the authorize step with the SDK's own client; answers the provider holding tokens. */
export async function connectWithOAuth(
  baseUrl: string,
  account: TestAccount,
  scopes?: string[],
  browser = new PageClient(baseUrl),
): Promise<MemoryOAuthProvider> {
  const provider = new MemoryOAuthProvider(REDIRECT);
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider });
  await expect(new Client({ name: 'e2e', version: '1' }).connect(transport)).rejects.toThrow(UnauthorizedError);
  const redirect = await approveInBrowser(browser, provider.authorizationUrl as URL, account, scopes);
  expect(redirect.searchParams.get('state')).toBe('state-123');
  provider.authorizationCode = redirect.searchParams.get('code') as string;
  await transport.finishAuth(provider.authorizationCode);
  return provider;
}

/** An MCP client connected with the provider's tokens. */
export async function mcpClientOf(baseUrl: string, provider: MemoryOAuthProvider): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider }));
  return client;
}

/** tools/list over plain HTTP with a bearer token, as an MCP client sends it. */
export function mcpPost(baseUrl: string, token: string | undefined) {
  return new ApiClient(baseUrl, token).request(
    'POST',
    '/mcp',
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { accept: 'application/json, text/event-stream' },
  );
}
