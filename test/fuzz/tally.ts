/** Requests counted per operation and status, and per mutation, for the report printed at the end of a run. */
export class Tally {
  private readonly byOperation = new Map<string, Map<string, number>>();
  private readonly byMutation = new Map<string, Map<string, number>>();
  /** Requests the document calls valid, and how many of those the service accepted with a 2xx. */
  private readonly documentedValid = new Map<string, { sent: number; accepted: number }>();
  total = 0;

  count(operation: string, mutation: string, status: string, documentedValid: boolean): void {
    this.total++;
    increment(this.byOperation, operation, status);
    increment(this.byMutation, mutation, status);
    if (documentedValid) {
      const valid = this.documentedValid.get(operation) ?? { sent: 0, accepted: 0 };
      valid.sent++;
      if (status.startsWith('2')) valid.accepted++;
      this.documentedValid.set(operation, valid);
    }
  }

  statusTotals(): Map<string, number> {
    const totals = new Map<string, number>();
    for (const statuses of this.byOperation.values()) for (const [status, n] of statuses) totals.set(status, (totals.get(status) ?? 0) + n);
    return totals;
  }

  /** One line per operation: its total, documented-valid requests accepted / sent, then a column per status. */
  render(): string {
    const totals = this.statusTotals();
    const statuses = [...totals.keys()].sort();
    const nameWidth = Math.max(9, ...[...this.byOperation.keys()].map((name) => name.length));
    const columns = ['total', 'valid 2xx', ...statuses];
    const row = (name: string, cells: (string | number)[]) =>
      `${name.padEnd(nameWidth)} ${cells.map((cell, index) => String(cell).padStart(Math.max(columns[index].length, 5))).join(' ')}`;
    const lines = [row('operation', columns)];
    for (const [operation, counts] of [...this.byOperation].sort(([a], [b]) => a.localeCompare(b))) {
      const valid = this.documentedValid.get(operation) ?? { sent: 0, accepted: 0 };
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      lines.push(row(operation, [total, `${valid.accepted}/${valid.sent}`, ...statuses.map((status) => counts.get(status) ?? '·')]));
    }
    lines.push(row('all', [this.total, '', ...statuses.map((status) => totals.get(status) ?? 0)]));
    lines.push('', 'per mutation:');
    for (const [mutation, counts] of [...this.byMutation].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(
        `  ${mutation}: ${[...counts]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
      );
    }
    return lines.join('\n');
  }
}

function increment(map: Map<string, Map<string, number>>, key: string, status: string): void {
  if (!map.has(key)) map.set(key, new Map());
  const counts = map.get(key)!;
  counts.set(status, (counts.get(status) ?? 0) + 1);
}
