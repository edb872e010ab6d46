/**
 * Records that something (a key, a session, a grant) was just used, off the request's path: at most one write in
 * flight per id, so a burst of requests sends one, and a failed write is dropped, since a later request tries again.
 */
export class UsageMarker {
  private readonly inFlight = new Set<string>();

  constructor(private readonly write: (id: string) => Promise<unknown>) {}

  mark(id: string): void {
    if (this.inFlight.has(id)) return;
    this.inFlight.add(id);
    this.write(id)
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(id));
  }
}
