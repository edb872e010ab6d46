import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got: its headers and raw body (what a signature covers), and the event it holds. */
export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; createdAt: string; accountId: string; data: Record<string, any> };
}

/**
 * A webhook receiver on loopback, as a client would run one. `answer` picks the status of each request (by its
 * position, from 0, when it answers); `hold` keeps requests unanswered until released (a receiver that hangs);
 * `delayMs` answers each one that much later (a slow receiver).
 */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  answer: (index: number, request: ReceivedRequest) => number = () => 204;
  hold = false;
  delayMs = 0;
  private readonly held: (() => void)[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<Receiver> {
    const receiver: Receiver = new Receiver(
      createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const received = { headers: request.headers, body, event: JSON.parse(body) };
          const index = receiver.requests.push(received) - 1;
          const respond = () => response.writeHead(receiver.answer(index, received)).end();
          if (receiver.hold) receiver.held.push(respond);
          else setTimeout(respond, receiver.delayMs);
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Answers the held requests (those whose connection is still open) and stops holding. */
  release(): void {
    this.hold = false;
    for (const respond of this.held.splice(0)) respond();
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A loopback URL where nothing listens: a receiver that is down. */
export async function unusedLoopbackUrl(): Promise<string> {
  const receiver = await Receiver.start();
  const url = receiver.url;
  await receiver.close();
  return url;
}

export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const JOB_DESCRIPTION = `We are hiring a Senior Data Engineer to build our streaming platform.
You will design batch and streaming pipelines with Spark, Airflow and Kafka on AWS, model data in SQL warehouses and
own data quality with dbt. You write production Python every day, review designs, and mentor two engineers.
We look for 4+ years of data engineering experience, strong SQL and Python, and experience running Kafka in
production. Nice to have: Terraform and Kubernetes. We offer a hybrid setup in Berlin, learning budget and a calm,
focused team that ships carefully and often.`;
