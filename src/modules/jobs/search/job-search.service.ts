import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConfig } from '../../../config/config.module';
import type { AppConfig } from '../../../config/configuration';
import { JobSearchDto, JobSearchResponse } from '../dto/job-search.dto';
import { ListingsRepository } from '../listings.repository';
import { Counting, SearchCounter } from './search-count';
import { excludesEveryListing } from './search-filters';
import { CursorPosition, loadSearchCursors, SearchCursors, searchFingerprint } from './search-cursor';
import { recentPeriod } from './search-period';
import { estimateMatches, planStreams, WALK_CHUNKS, withFilterCells } from './search-plan';
import { Key, KeyedRow, scanStatement, SearchContext, Stream, textQueriesStatement, walkStatements } from './search-sql';
import { readWords, WordReading } from './search-words';
import { SearchRepository, SearchSession } from './search.repository';

const noMatches = (): JobSearchResponse => ({ data: [], count: 0, total: 0, hasMore: false, nextCursor: null });

/**
 * `POST /v1/jobs/search`. Results are ordered by relevance tier, then newest first: listings whose title and
 * company hold the whole query come before listings that match through their description. Every page is a keyset
 * page over (tier, posted_at, id), so a page costs the same at any depth and concurrent inserts never repeat or
 * skip a listing. How each page is found (walk, bitmap, counts) is decided per search from the planner's
 * estimates: see search-plan.ts, and bench/RESULTS-search.md for the measurements behind it.
 */
@Injectable()
export class JobSearchService implements OnModuleInit {
  private cursors: SearchCursors;
  private readonly counter: SearchCounter;

  constructor(
    private readonly repository: SearchRepository,
    private readonly listings: ListingsRepository,
    @InjectConfig() config: AppConfig,
  ) {
    this.counter = new SearchCounter(repository, config.search.countBudgetMs);
  }

  async onModuleInit(): Promise<void> {
    this.cursors = await loadSearchCursors(this.repository);
  }

  async search(search: JobSearchDto): Promise<JobSearchResponse> {
    if (excludesEveryListing(search)) return noMatches();
    const fingerprint = searchFingerprint(search);
    const position = search.cursor ? this.cursors.decode(fingerprint, search.cursor) : null;
    return this.repository.search(() =>
      this.repository.withSession(async (session) => {
        // Words that no listing holds are read as a prefix or corrected (search-words.ts), never because the filters
        // excluded every match; a cursor keeps the reading of its first page.
        const raw = search.query?.trim() || null;
        const reading: WordReading = position
          ? { raw: position.query ?? raw ?? '', mode: position.mode }
          : raw
            ? await readWords(session, raw)
            : { raw: '', mode: 'exact' };
        return this.searchAs(session, search, fingerprint, position, reading);
      }),
    );
  }

  private async searchAs(
    session: SearchSession,
    search: JobSearchDto,
    fingerprint: string,
    position: CursorPosition | null,
    reading: WordReading,
  ): Promise<JobSearchResponse> {
    const context = await withFilterCells(session, await this.resolveText(session, search, position, reading));
    const estimate = position ? position.total : await estimateMatches(session, context);
    // A later page keeps the total of the first.
    const counting: Counting = position
      ? { count: Promise.resolve(position.total), first: false, total: Promise.resolve(position.total), foundNone: () => false }
      : this.counter.begin(context, estimate);
    const known = counting.first ? await counting.count : null;
    if (known === 0) return noMatches();
    const rows: (KeyedRow & { stream: number })[] = [];
    try {
      const streams = await planStreams(session, context, known);
      for (let index = position?.stream ?? 0; index < streams.length && rows.length <= search.limit && !counting.foundNone(); index++) {
        const after = position && index === position.stream ? position.after : null;
        const found = await this.streamPage(session, streams[index], after, search.limit + 1 - rows.length, counting.foundNone);
        rows.push(...found.map((row) => ({ ...row, stream: index })));
      }
    } finally {
      // Settled before the connection goes back to the pool, even when reading the page failed.
      await counting.total.catch(() => undefined);
    }
    const page = rows.slice(0, search.limit);
    const hasMore = rows.length > search.limit;
    // A first page that holds every match knows the total; otherwise the count, or the estimate when uncounted.
    const total = !position && !hasMore ? rows.length : Math.max(Math.round(await counting.total), rows.length);
    const last = page[page.length - 1];
    const nextCursor = hasMore
      ? this.cursors.encode(fingerprint, {
          stream: last.stream,
          after: [last.key, last.id],
          total,
          asOf: context.asOf.toISOString(),
          mode: context.mode,
          ...(context.text.raw !== null && context.text.raw !== search.query?.trim() ? { query: context.text.raw } : {}),
        })
      : null;
    const data = await this.listings.withManager(session.manager).views(page.map((row) => row.id));
    return { data, count: data.length, total, hasMore, nextCursor };
  }

  /**
   * The tsqueries of the search, computed once by PostgreSQL (its parser and stemmer) and then passed as
   * constants, so that the planner can estimate how many listings they match.
   */
  private async resolveText(session: SearchSession, search: JobSearchDto, position: CursorPosition | null, reading: WordReading): Promise<SearchContext> {
    const asOf = position ? new Date(position.asOf) : new Date();
    const raw = reading.raw || null;
    const statement = textQueriesStatement(search, raw, reading.mode);
    const [resolved] = statement ? await session.query<{ query: string; match: string }[]>(statement) : [{ query: '', match: '' }];
    return { search, asOf, text: { query: resolved.query || null, match: resolved.match || null, raw }, mode: reading.mode };
  }

  /**
   * Up to `limit` listings of a stream after the keyset position `after`, newest first. A walk stops early once
   * `foundNone` says a count has found that nothing matches.
   */
  private async streamPage(session: SearchSession, stream: Stream, after: Key | null, limit: number, foundNone: () => boolean): Promise<KeyedRow[]> {
    if (stream.empty) return [];
    if (stream.strategy !== 'walk') return this.scan(session, stream, after, limit);
    const rows: KeyedRow[] = [];
    let from = after;
    for (let chunk = 0; chunk < WALK_CHUNKS; chunk++) {
      const walked = await session.planned<KeyedRow[]>('walk', walkStatements(stream, from, limit - rows.length).rows);
      rows.push(...walked);
      if (rows.length === limit || foundNone()) return rows;
      // A walk that found nothing says the next ones would find next to nothing too: words that share no title. The
      // indexes read the rest from where it began, which spares finding where it stopped.
      if (walked.length === 0) break;
      const boundary = await this.walkBoundary(session, stream, from);
      if (boundary === null) return rows;
      from = boundary;
    }
    // Short of a page: the rest is much rarer than expected, and indexes find it sooner.
    const rest = scanStatement({ ...stream, strategy: 'combined' }, from, limit - rows.length);
    return [...rows, ...(await session.planned<KeyedRow[]>('combined', rest))];
  }

  /**
   * A stream read through its indexes: when it is large, the recent period that should hold a few pages first
   * (search-period.ts), then, only if that falls short, what was posted before it.
   */
  private async scan(session: SearchSession, stream: Stream, after: Key | null, limit: number): Promise<KeyedRow[]> {
    const period = await recentPeriod(session, stream.expected, after, limit);
    if (!period) return session.planned(stream.strategy, scanStatement(stream, after, limit));
    const recent = await session.planned<KeyedRow[]>(stream.strategy, scanStatement(stream, after, limit, period));
    if (recent.length === limit) return recent;
    const older = await session.planned<KeyedRow[]>(stream.strategy, scanStatement(stream, after, limit - recent.length, { before: period.since }));
    return [...recent, ...older];
  }

  /**
   * Where a walk that fell short of its page stopped (null: at the end of the index). A walk passes at most
   * WALK_BOUND listings of the newest-first index, reading only the index: filters and title tests run on its
   * entries, and only listings that pass them (WALK_READS at most) have their search vector read from the table. It
   * stops at its WALK_READS-th passing listing, or else at its WALK_BOUND-th entry.
   */
  private async walkBoundary(session: SearchSession, stream: Stream, after: Key | null): Promise<Key | null> {
    const statements = walkStatements(stream, after, 0);
    const [last] = await session.planned<KeyedRow[]>('walk', statements.lastRead);
    if (last) return [last.key, last.id];
    const [end] = await session.planned<KeyedRow[]>('walk', statements.lastEntry);
    return end ? [end.key, end.id] : null;
  }
}
