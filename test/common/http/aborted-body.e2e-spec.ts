import { connect } from 'node:net';
import { ApiClient } from '../../setup/api-client';
import { useTestApp } from '../../setup/test-app';
import { useTracedService } from '../../setup/traced-service';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  req?: { url: string };
}

describe('A client that disconnects in the middle of a body', () => {
  // This app only makes the account in the run's database; the service under test is `node dist/main.js` at
  // LOG_LEVEL=trace, whose stdout (the log) the test reads whole.
  const suite = useTestApp();
  const service = useTracedService();

  /**
   * Sends the head and part of a body that says it is longer, waits `wait` ms, then hangs up (a reset, or a plain
   * close): what the service wrote back meanwhile.
   */
  async function hangUpMidBody(path: string, headers: Record<string, string>, part: string, wait: number, reset: boolean): Promise<string> {
    const socket = connect(service.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const head = Object.entries({ host: `127.0.0.1:${service.port}`, 'content-length': '4096', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`POST ${path} HTTP/1.1\r\n${head.join('')}\r\n${part}`);
    await pause(wait);
    if (reset) socket.resetAndDestroy();
    else socket.destroy();
    return received;
  }

  it('is logged at info at most, without a stack, answers nothing, and the service serves on', async () => {
    const { key } = await suite.createAccount();
    const requests: [path: string, headers: Record<string, string>, part: string][] = [
      ['/sign-in', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=ada%40example.com&pass'],
      ['/v1/tracker/applications', { 'content-type': 'application/json', authorization: `Bearer ${key}` }, '{"jobTitle":"Eng'],
      ['/mcp', { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` }, '{"jsonrpc":'],
    ];
    const logged = service.log().length;
    const answers: string[] = [];
    for (const [path, headers, part] of requests) {
      for (const [wait, reset] of [
        [300, false],
        [300, true],
        [0, true],
      ] as const)
        answers.push(await hangUpMidBody(path, headers, part, wait, reset));
    }
    await pause(1000);

    expect(answers.filter((answer) => answer !== '')).toEqual([]);
    const lines = service
      .log()
      .slice(logged)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
    expect(lines.filter((line) => line.level > 30 || line.err?.stack !== undefined)).toEqual([]);
    expect(lines.filter((line) => line.msg === 'request aborted').map((line) => line.req?.url)).toEqual(
      expect.arrayContaining(['/sign-in', '/v1/tracker/applications', '/mcp']),
    );
    expect((await new ApiClient(service.baseUrl).get('/health/live')).status).toBe(200);
  }, 30_000);
});
