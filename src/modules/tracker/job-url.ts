const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * The key duplicate detection compares: scheme and host lowercased, default port, fragment,
 * `utm_*` parameters and a trailing slash removed. Two URLs that lead to the same posting get the same key.
 */
export function jobUrlKey(jobUrl: string): string {
  const url = new URL(jobUrl.trim());
  const port = url.port && url.port !== DEFAULT_PORTS[url.protocol] ? `:${url.port}` : '';
  const params = [...url.searchParams].filter(([name]) => !name.toLowerCase().startsWith('utm_'));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol.toLowerCase()}//${url.hostname.toLowerCase()}${port}${path}${query}`;
}
