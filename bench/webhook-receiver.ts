/**
 * The webhook receiver of `webhooks.bench.ts`, in a process of its own so that it answers at once however busy the
 * benchmark's client is: it answers 204 to every delivery and sends the benchmark each event's first arrival (by
 * event id) as [job title, the event's createdAt in ms, arrival in ms], and the connections and requests it took.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverMessage =
  { port: number } | { arrivals: [jobTitle: string, eventCreatedAt: number, arrivedAt: number][]; connections: number; requests: number };

const seen = new Set<string>();
let pending: [string, number, number][] = [];
let connections = 0;
let requests = 0;
const receiver = createServer((request, response) => {
  requests += 1;
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const arrivedAt = Date.now();
    response.writeHead(204).end();
    const event = JSON.parse(Buffer.concat(chunks).toString());
    if (seen.has(event.id)) return;
    seen.add(event.id);
    pending.push([event.data.jobTitle, new Date(event.createdAt).getTime(), arrivedAt]);
  });
});
receiver.on('connection', () => (connections += 1));
receiver.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (receiver.address() as AddressInfo).port } satisfies ReceiverMessage);
  // In batches: a message per delivery would cost the benchmark's process as much as receiving them did.
  setInterval(() => {
    if (pending.length === 0) return;
    process.send?.({ arrivals: pending, connections, requests } satisfies ReceiverMessage);
    pending = [];
  }, 20);
});
process.on('disconnect', () => process.exit(0));
