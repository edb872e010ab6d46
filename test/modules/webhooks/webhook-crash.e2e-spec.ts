import { ChildProcess } from 'node:child_process';
import { ApiClient } from '../../setup/api-client';
import { createAccount, TestAccount } from '../../setup/factories';
import { freePort } from '../../setup/free-port';
import { stopProcess } from '../../setup/own-services';
import { startServiceProcess } from '../../setup/service-process';
import { startTestApp, TestApp } from '../../setup/test-app';
import { eventually, Receiver } from './webhook-fixtures';
import { useFileEnvironment } from '../../setup/test-environment';

const APPLICATIONS = '/v1/tracker/applications';
const CHANGES = 10;
/** Two cold starts of the service as processes of their own: on a busy two-core machine each can take ten seconds. */
const CRASH_TEST_TIMEOUT_MS = 120_000;

/** The real service in a process of its own, which the test can kill -9. */
async function startServer(port: number): Promise<ChildProcess> {
  const server = await startServiceProcess(
    {
      ...env,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SCALE: '100',
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
      // A killed worker's lease runs out after two of these.
      WEBHOOKS_TIMEOUT_MS: '1000',
      WEBHOOKS_RETRY_DELAY_MS: '200',
      WEBHOOKS_SWEEP_INTERVAL_MS: '500',
    },
    port,
  );
  return server.process;
}

let setup: TestApp;
let account: TestAccount;
let receiver: Receiver;
const servers: ChildProcess[] = [];

const env: Record<string, string> = useFileEnvironment({
  async start() {
    // Only makes the account and its key; the servers under test are separate processes.
    setup = await startTestApp({ ...env, WEBHOOKS_WORKER: 'off', TAILORING_WORKER: 'off' });
    account = await createAccount(setup.app, setup.baseUrl);
    receiver = await Receiver.start();
  },
  async stop() {
    await Promise.all(servers.map((server) => stopProcess(server, 'SIGTERM')));
    await receiver?.close();
    await setup?.close();
  },
});

describe('webhooks across a crash', () => {
  it(
    'has exactly one event per change after a SIGKILL between the changes and their delivery, and delivers each',
    async () => {
      const port = await freePort();
      const api = new ApiClient(`http://127.0.0.1:${port}`, account.key);
      servers.push(await startServer(port));
      const created = await api.post('/v1/webhooks', {
        url: receiver.url,
        eventTypes: ['application.created', 'application.updated', 'application.status_changed'],
      });
      expect(created.status).toBe(201);

      // The receiver hangs: the first delivery is in flight, the others wait behind it, when the server dies.
      receiver.hold = true;
      const applicationIds: string[] = [];
      for (let index = 0; index < CHANGES; index += 1) {
        const { body } = await api.post(APPLICATIONS, { jobTitle: 'Engineer', company: `Company ${index}` });
        applicationIds.push(body.applicationId);
        expect((await api.patch(`${APPLICATIONS}/${body.applicationId}`, { status: 'applied' })).status).toBe(200);
      }
      await eventually(
        async () => receiver.requests.length,
        (count) => count > 0,
      );
      await stopProcess(servers[0], 'SIGKILL');
      receiver.release();

      servers.push(await startServer(port));
      const events = (await api.get('/v1/events?limit=100')).body.data as { id: string; type: string; data: any }[];
      expect(events).toHaveLength(3 * CHANGES);
      for (const applicationId of applicationIds) {
        const ofApplication = events.filter((event) => (event.data.application?.id ?? event.data.id) === applicationId).map((event) => event.type);
        expect([applicationId, ofApplication]).toEqual([applicationId, ['application.created', 'application.updated', 'application.status_changed']]);
      }

      // Every event arrives, first in event order; the one in flight at the kill may come twice, with the same Webhook-Id.
      const firstArrivals = () => [...new Set(receiver.requests.map((request) => request.headers['webhook-id']))];
      const arrived = await eventually(
        async () => firstArrivals(),
        (ids) => ids.length === events.length,
      );
      expect(arrived).toEqual(events.map((event) => event.id));
      expect(receiver.requests.every((request) => request.event.id === request.headers['webhook-id'])).toBe(true);
      const deliveries = await eventually(
        async () => (await api.get(`/v1/webhooks/${created.body.id}/deliveries?limit=100`)).body,
        (page) => page.data.every((delivery: { status: string }) => delivery.status === 'delivered'),
      );
      expect(deliveries.total).toBe(3 * CHANGES);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
