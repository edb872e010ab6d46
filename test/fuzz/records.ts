import type { Random } from './random';

/** Query parameters that scoped a record when it was seen (`cvId` of a section item), to address it the same way. */
type RecordScope = Record<string, string>;

export interface KnownRecord {
  id: string;
  scope: RecordScope;
  /** The concrete collection path it lives under, e.g. `/v1/custom-sections/<id>/items`. */
  collection: string;
}

type Pool = Map<string, Map<string, KnownRecord>>; // concrete collection path → id → record

/**
 * Ids of the records each account has, per collection: a path template `C` is a collection when the document also
 * has `C/{param}`. Filled from what the service answers (create responses and list pages), emptied by deletes and
 * 404s, so every path parameter can be a real id of the caller, another account's id, or an unknown one.
 */
export class Records {
  private readonly pools = new Map<string, Map<string, Pool>>(); // account → collection template → pool
  private readonly nouns: [template: string, noun: string][];
  private readonly templateOfName = new Map<string, string | undefined>();

  constructor(readonly collections: string[]) {
    this.nouns = collections.map((template) => [
      template,
      singular(
        template
          .split('/')
          .filter((segment) => !segment.startsWith('{'))
          .pop() ?? '',
      ),
    ]);
  }

  add(account: string, template: string, record: KnownRecord): void {
    const pool = this.pool(account, template);
    if (!pool.has(record.collection)) pool.set(record.collection, new Map());
    pool.get(record.collection)!.set(record.id, record);
  }

  remove(account: string, template: string, collection: string, id: string): void {
    this.pool(account, template).get(collection)?.delete(id);
  }

  /** Removes an id from every collection of a template, e.g. a resume that a 404 showed is gone. */
  forget(account: string, template: string, id: string): void {
    for (const collection of this.pool(account, template).values()) collection.delete(id);
  }

  /** A record in one concrete collection, e.g. an item of one custom section. */
  pick(account: string, template: string, collection: string, random: Random): KnownRecord | undefined {
    const records = [...(this.pool(account, template).get(collection)?.values() ?? [])];
    return records.length > 0 ? random.pick(records) : undefined;
  }

  /** A record anywhere under a collection template, e.g. any interview of any application. */
  pickAny(account: string, template: string, random: Random): KnownRecord | undefined {
    const records = [...this.pool(account, template).values()].flatMap((collection) => [...collection.values()]);
    return records.length > 0 ? random.pick(records) : undefined;
  }

  ids(account: string, template: string): Set<string> {
    return new Set([...this.pool(account, template).values()].flatMap((collection) => [...collection.keys()]));
  }

  /**
   * The collection a field like `cvId`, `contactId` or `selectedSummaryId` names: by the words of its name, else by
   * the words of its description ("Id of the resume to act on").
   */
  templateFor(name: string, description = ''): string | undefined {
    const key = `${name}\u0000${description}`;
    if (!this.templateOfName.has(key)) {
      const nameWords = name
        .replace(/Id$/, '')
        .split(/(?=[A-Z])/)
        .reverse();
      const descriptionWords = description.split(/[^A-Za-z-]+/);
      const match = [...nameWords, ...descriptionWords].map(singular).flatMap((word) => this.nouns.filter(([, noun]) => noun === word))[0];
      this.templateOfName.set(key, match?.[0]);
    }
    return this.templateOfName.get(key);
  }

  private pool(account: string, template: string): Pool {
    if (!this.pools.has(account)) this.pools.set(account, new Map());
    const pools = this.pools.get(account)!;
    if (!pools.has(template)) pools.set(template, new Map());
    return pools.get(template)!;
  }
}

function singular(word: string): string {
  const lower = word.toLowerCase();
  if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}
