import type { Request } from 'express';

/** What this file reads of Express's router: its layers, each a route (path and methods) or a middleware. */
interface RouterLayer {
  route?: { methods: Record<string, boolean | undefined> };
  match(path: string): unknown;
}

/**
 * The methods the app's routes take at `path`, as an `Allow` header lists them (HEAD wherever GET is); none when no
 * route has that path. Read from Express's route table, so it always agrees with what the app serves.
 */
export function allowedMethods(req: Request, path: string): string[] {
  const layers = (req.app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  const methods = new Set<string>();
  for (const layer of layers) {
    if (!layer.route || !layer.match(path)) continue;
    for (const [method, handled] of Object.entries(layer.route.methods)) if (handled && method !== '_all') methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

/**
 * A path the app serves that `path` was likely meant to be: one segment in the other number (`/v1/resumes` for
 * `/v1/resume`, `/v1/summary` for `/v1/summaries`), or the path under `/v1`. A path that takes the request's own
 * method comes first.
 */
export function nearestPath(req: Request, path: string): string | undefined {
  const segments = path.split('/');
  const candidates = segments.flatMap((segment, index) =>
    otherNumber(segment).map((other) => [...segments.slice(0, index), other, ...segments.slice(index + 1)].join('/')),
  );
  if (!path.startsWith('/v1/')) candidates.push(`/v1${path}`);
  const served = candidates.map((candidate) => ({ candidate, methods: allowedMethods(req, candidate) })).filter(({ methods }) => methods.length > 0);
  return (served.find(({ methods }) => methods.includes(req.method)) ?? served[0])?.candidate;
}

function otherNumber(segment: string): string[] {
  if (!/^[a-z-]+$/.test(segment)) return [];
  if (segment.endsWith('ies')) return [`${segment.slice(0, -3)}y`];
  if (segment.endsWith('s')) return [segment.slice(0, -1)];
  if (segment.endsWith('y')) return [`${segment.slice(0, -1)}ies`];
  return [`${segment}s`];
}
