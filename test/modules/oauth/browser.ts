/** A browser without JavaScript: it keeps cookies and follows this site's redirects, stopping at any other origin. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Opens a URL and follows redirects within the site; answers the last page, or the redirect that leaves it. */
  async open(
    url: string,
    init: { method?: string; form?: Record<string, string | string[]> } = {},
  ): Promise<{ status: number; url: string; location?: string; html: string }> {
    let current = new URL(url, this.baseUrl);
    let method = init.method ?? 'GET';
    let body: string | undefined = init.form ? formBody(init.form) : undefined;
    for (let hops = 0; hops < 10; hops++) {
      const response = await fetch(current, {
        method,
        redirect: 'manual',
        headers: { cookie: this.cookieHeader(), ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body,
      });
      for (const line of response.headers.getSetCookie()) this.remember(line);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, current);
        if (next.origin !== new URL(this.baseUrl).origin) return { status: response.status, url: current.href, location: next.href, html: '' };
        current = next;
        method = 'GET';
        body = undefined;
        continue;
      }
      return { status: response.status, url: current.href, html: await response.text() };
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  private remember(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const [name, ...value] = pair.trim().split('=');
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, decodeURIComponent(value.join('=')));
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }
}

function formBody(form: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const item of [value].flat()) params.append(name, item);
  return params.toString();
}

/** The value of a hidden field in a page's form. */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}"\\s+value="([^"]*)"`).exec(html) ?? new RegExp(`value="([^"]*)"\\s+name="${name}"`).exec(html);
  if (!match) throw new Error(`No field ${name} in the page`);
  return match[1];
}
