import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import hbs from 'hbs';

const API_PATH = /^\/(v1|mcp)(\/|$)/;

/**
 * Server-rendered pages through Nest's MVC support: Handlebars templates from `viewsDir` (escaped by default), the
 * layout `layouts/main.hbs`, every file of `partials/` as a partial, and `static/` served at `/static/`.
 * `trustProxy` is Express's `trust proxy` (TRUST_PROXY): behind TLS it makes `req.secure` true, and cookies `Secure`.
 */
export function setupPages(app: NestExpressApplication, viewsDir: string, trustProxy: boolean | number | string): void {
  app.set('trust proxy', trustProxy);
  // The API (/v1, /mcp) authenticates by bearer token alone: its requests skip the cookie parser.
  const parseCookies = cookieParser();
  app.use((req: Request, res: Response, next: NextFunction) => (API_PATH.test(req.path) ? next() : parseCookies(req, res, next)));
  app.useStaticAssets(join(viewsDir, 'static'), { prefix: '/static/', maxAge: '1h', index: false });
  app.setBaseViewsDir(viewsDir);
  app.engine('hbs', hbs.__express);
  app.setViewEngine('hbs');
  app.set('view options', { layout: 'layouts/main' });
  const partials = join(viewsDir, 'partials');
  for (const file of readdirSync(partials).filter((name) => name.endsWith('.hbs'))) {
    hbs.registerPartial(basename(file, '.hbs'), readFileSync(join(partials, file), 'utf8'));
  }
  hbs.registerHelper('eq', (left: unknown, right: unknown) => left === right);
}
