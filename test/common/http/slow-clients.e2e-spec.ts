import { connect, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAccount } from '../../setup/factories';
import { startTestApp, TestApp, useTestApp } from '../../setup/test-app';

/** What the server did with a connection the client fed slowly: what it answered, and whether it closed it first. */
interface Trickled {
  answer: string;
  closedByServer: boolean;
  /** How many of its pieces the client had sent when the server closed it. */
  sent: number;
}

/** Sends `head`, then `pieces` one every `everyMs`, and stops early when the server closes the connection. */
async function trickle(port: number, head: string, pieces: string[], everyMs: number): Promise<Trickled> {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  let closed = false;
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(head);
  let sent = 0;
  for (const piece of pieces) {
    if (closed) break;
    socket.write(piece);
    sent += 1;
    await sleep(everyMs);
  }
  const closedByServer = closed;
  socket.destroy();
  return { answer, closedByServer, sent };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('slow clients', () => {
  let testApp: TestApp;
  let port: number;
  const suite = useTestApp({ HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '1000' });
  beforeAll(async () => {
    testApp = suite.testApp;
    port = Number(new URL(testApp.baseUrl).port);
  });

  it('answers 408 and closes a connection whose headers trickle past HTTP_HEADERS_TIMEOUT_MS', async () => {
    const pieces = Array.from({ length: 60 }, (_, index) => `X-Slow-${index}: 1\r\n`);
    const result = await trickle(port, 'GET /health/live HTTP/1.1\r\nHost: localhost\r\n', pieces, 100);
    expect(result.closedByServer).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.sent).toBeLessThan(pieces.length);
  });

  it('answers 408 and closes a connection whose body trickles past HTTP_REQUEST_TIMEOUT_MS', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const body = JSON.stringify({ firstName: 'Slow', notes: 'x'.repeat(80) });
    const head =
      `POST /v1/contacts HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${account.key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const result = await trickle(port, head, [...body], 100);
    expect(result.closedByServer).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.sent).toBeLessThan(body.length);
    expect((await account.api.get('/v1/contacts')).body.total).toBe(0);
  });
});

describe('HTTP_MAX_CONNECTIONS', () => {
  it('closes a connection past the cap at once, and serves the ones it holds', async () => {
    const testApp = await startTestApp({ HTTP_MAX_CONNECTIONS: '3' });
    const port = Number(new URL(testApp.baseUrl).port);
    const held: Socket[] = [];
    try {
      for (let index = 0; index < 3; index += 1) held.push(await open(port));
      const past = await open(port);
      const closedAtOnce = await Promise.race([new Promise((resolve) => past.once('close', () => resolve(true))), sleep(2_000).then(() => false)]);
      past.destroy();
      expect(closedAtOnce).toBe(true);

      const answer = await new Promise<string>((resolve) => {
        held[0].once('data', (chunk) => resolve(chunk.toString()));
        held[0].write('GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const socket of held) socket.destroy();
      await testApp.close();
    }
  });
});
