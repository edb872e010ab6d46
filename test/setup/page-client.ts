/** A page as a browser receives it. */
export interface PageResponse {
  status: number;
  headers: Headers;
  html: string;
  /** Where a redirect points, if it is one. */
  location: string | null;
}

/**
 * A browser without JavaScript, over HTTP: it keeps cookies, follows no redirect by itself, and posts forms as
 * `application/x-www-form-urlencoded` with the CSRF token of the last page it read (as the form on that page would).
 */
export class PageClient {
  private readonly cookies = new Map<string, string>();
  private lastToken: string | undefined;

  /** `headers` go with every request: a proxy's `X-Forwarded-For`, say. */
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get(path: string): Promise<PageResponse> {
    return this.request('GET', path);
  }

  /** Posts a form; `_csrf` is the last page's token unless the fields name one (or `csrf: false` leaves it out). */
  post(path: string, fields: Record<string, string | string[]> = {}, { csrf = true } = {}): Promise<PageResponse> {
    const body = new URLSearchParams();
    if (csrf && this.lastToken && !('_csrf' in fields)) body.append('_csrf', this.lastToken);
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    return this.request('POST', path, body.toString());
  }

  /** Opens `pagePath` and posts its form to `action`, as a person filling it in would. */
  async submit(pagePath: string, action: string, fields: Record<string, string | string[]> = {}): Promise<PageResponse> {
    const page = await this.get(pagePath);
    if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}`);
    return this.post(action, fields);
  }

  async signIn(email: string, password: string): Promise<PageResponse> {
    const answer = await this.submit('/sign-in', '/sign-in', { email, password });
    if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
    return answer;
  }

  private async request(method: string, path: string, body?: string): Promise<PageResponse> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute) || /^\s*max-age=0\b/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const html = await response.text();
    this.lastToken = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? this.lastToken;
    return { status: response.status, headers: response.headers, html, location: response.headers.get('location') };
  }
}

/** The text of a page without its tags, whitespace collapsed: what a person reads. */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x3D;/g, '=')
    .replace(/\s+/g, ' ')
    .trim();
}
