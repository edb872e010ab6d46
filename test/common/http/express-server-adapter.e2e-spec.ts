import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express, Request, Response } from 'express';
import { ExpressServerAdapter } from '@src/common/http/express-server-adapter';

describe('ExpressServerAdapter', () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    const adapter = new ExpressServerAdapter();
    adapter.initHttpServer({});
    const app = adapter.getInstance<Express & { request: object; response: object }>();
    server = adapter.getHttpServer() as Server;
    // Runs before Express sees the request: what the server built, before Express would set any prototype.
    const built = new WeakMap<object, { request: boolean; response: boolean }>();
    server.prependListener('request', (req, res) =>
      built.set(req, { request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response }),
    );
    app.get('/probe', (req: Request, res: Response) => {
      res.status(201).json({
        builtOnAppPrototypes: built.get(req),
        query: req.query,
        path: req.path,
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("builds requests and responses on Express's prototypes, so Express need not swap them, and Express works on them", async () => {
    const response = await fetch(`${baseUrl}/probe?status=applied`);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ builtOnAppPrototypes: { request: true, response: true }, query: { status: 'applied' }, path: '/probe' });
  });
});
