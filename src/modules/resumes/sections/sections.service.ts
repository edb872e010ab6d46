import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ApiCaller } from '../../../common/auth/api-caller';
import type { SectionName } from '../../../common/content-sections';
import { assertPeriod, changesPeriod, Period } from '../../../common/validation/period';
import { ListEnvelope } from '../../../common/http/paging';
import type { Owner } from '../../../database/owned-repository';
import { CustomSectionsRepository } from '../custom-sections/custom-sections.repository';
import { customSectionStore } from '../custom-sections/custom-section-store';
import { assertWithinContentLimits, charactersOf } from '../resumes.limits';
import { ResumesRepository } from '../resumes.repository';
import { customSectionKey } from './section-keys';
import type { SectionListQuery } from './dto/section-item.dto';
import { shownDates, storedDates } from './section-dates';
import { SectionItemView, sectionItemView } from './section-item-view';
import { SectionItemsRepository } from './section-items.repository';
import { SECTION_KINDS, SectionStore } from './section-kinds';

/**
 * A store, or how to find one (inside the write's transaction `within`): a custom section's items depend on its
 * definition, which a write locks so that the definition cannot change or go while the item is written.
 */
export type StoreSource = SectionStore | ((within?: EntityManager) => Promise<SectionStore>);

/**
 * Create, read, update, delete and list for every kind of section item, always within one account and one resume:
 * the resume `cvId` names, or the account's default resume. Writes mark the resume updated, which locks its row until
 * they commit: an account's writes to one resume queue, so that each checks RESUME_CONTENT_LIMITS on what the ones
 * before it committed, and two writes cannot both pass on the same room.
 */
@Injectable()
export class SectionsService {
  constructor(
    private readonly items: SectionItemsRepository,
    private readonly resumes: ResumesRepository,
    private readonly customSections: CustomSectionsRepository,
  ) {}

  /**
   * The items of the account's custom section `sectionId` (404 when it has none): inside a write's transaction the
   * definition stays share-locked until the write commits, so that it cannot change or go meanwhile.
   */
  customSectionItems(owner: Owner, sectionId: string): StoreSource {
    return async (within) =>
      customSectionStore(
        within
          ? await this.customSections.withManager(within).require(owner, sectionId, 'pessimistic_read')
          : await this.customSections.require(owner, sectionId),
      );
  }

  list(source: StoreSource, caller: ApiCaller, query: SectionListQuery): Promise<ListEnvelope<SectionItemView>> {
    return this.read(source, caller, query.cvId, (store, resumeId) => this.items.list(store, caller, resumeId, query));
  }

  get(source: StoreSource, caller: ApiCaller, id: string, cvId?: string): Promise<SectionItemView> {
    return this.read(source, caller, cvId, async (store, resumeId) => sectionItemView(await this.items.require(store, caller, resumeId, id), store.dates));
  }

  create(source: StoreSource, caller: ApiCaller, cvId: string | undefined, body: object): Promise<string> {
    return this.write(source, caller, cvId, async (store, resumeId, items, manager) => {
      const id = await items.create(store, caller, resumeId, columnsOf(store, body));
      await store.afterCreate?.(manager, resumeId, id);
      assertWithinContentLimits(await items.sizes(resumeId), [sectionOf(store)]);
      return id;
    });
  }

  /** A change of either date (or of isCurrent) is checked against the other as stored: the period must not end before it starts. */
  update(source: StoreSource, caller: ApiCaller, id: string, cvId: string | undefined, body: object): Promise<void> {
    return this.write(source, caller, cvId, async (store, resumeId, items) => {
      const changes = store.toColumns ? store.toColumns(body) : body;
      if (changesPeriod(changes)) {
        const item = await items.require(store, caller, resumeId, id, 'pessimistic_write');
        // The stored end counts even while isCurrent hides it: clearing isCurrent brings it back.
        const stored = store.dates ? shownDates(store.dates, { ...item }) : item;
        // Custom section items' dates are free text (no `dates`): compared only when both are full dates.
        assertPeriod({ ...stored, ...changes } as Period, store.dates ? 'partial' : 'full');
      }
      const charactersBefore = charactersOf(await items.sizes(resumeId));
      await items.update(store, caller, resumeId, id, store.dates ? storedDates(store.dates, changes) : changes);
      assertWithinContentLimits(await items.sizes(resumeId), [], charactersBefore);
    });
  }

  /** The item goes, and with it its id from every resume's hiddenItems and itemOrder. */
  remove(source: StoreSource, caller: ApiCaller, id: string, cvId?: string): Promise<void> {
    return this.write(
      source,
      caller,
      cvId,
      async (store, resumeId, items, manager) => {
        await store.beforeRemove?.(manager, resumeId, id);
        await items.remove(store, caller, resumeId, id);
        await this.resumes.withManager(manager).forgetReferences(caller, [id]);
      },
      'lockAccount',
    );
  }

  /**
   * Adds items to a resume's section, in this order, inside the caller's transaction; answers their ids. The caller
   * checks the limits once it has written all it writes (assertWithinLimits).
   */
  insertItems(owner: Owner, resumeId: string, section: SectionName, bodies: object[], within: EntityManager): Promise<string[]> {
    const kind = SECTION_KINDS.find((candidate) => candidate.name === section)!;
    return this.items.withManager(within).insertMany(
      kind,
      owner,
      resumeId,
      bodies.map((body) => columnsOf(kind, body)),
    );
  }

  /**
   * Changes texts of a resume's items inside the caller's transaction (a tailoring's rewrite), then checks the
   * resume's limits; an id the resume does not hold in that section is a NotFoundError.
   */
  async rewriteItems(owner: Owner, resumeId: string, rewritten: { section: SectionName; id: string; columns: object }[], within: EntityManager): Promise<void> {
    if (rewritten.length === 0) return;
    const items = this.items.withManager(within);
    for (const { section, id, columns } of rewritten) {
      await items.update(
        SECTION_KINDS.find((kind) => kind.name === section)!,
        owner,
        resumeId,
        id,
        columns,
      );
    }
    assertWithinContentLimits(await items.sizes(resumeId), 'every');
  }

  /** Refuses (and so rolls back) the transaction `within` when the resume's content is now past RESUME_CONTENT_LIMITS. */
  async assertWithinLimits(resumeId: string, within: EntityManager): Promise<void> {
    assertWithinContentLimits(await this.items.withManager(within).sizes(resumeId), 'every');
  }

  /**
   * Copies every section item of one resume into another (same account), keeping their order, and answers which new
   * id each original id became, so that the copy's references (hiddenItems, itemOrder, selectedSummaryId) can follow.
   */
  copyContent(fromResumeId: string, toResumeId: string, within: EntityManager): Promise<Map<string, string>> {
    return this.items.withManager(within).copyContent(fromResumeId, toResumeId);
  }

  /** Whether `summaryId` is a summary of the resume, locked until the transaction `within` ends. */
  isSummaryOf(resumeId: string | undefined, summaryId: string, within: EntityManager): Promise<boolean> {
    return this.items.withManager(within).isSummaryOf(resumeId, summaryId);
  }

  /** A read: the store and the targeted resume, then `work`. */
  private async read<T>(source: StoreSource, owner: Owner, cvId: string | undefined, work: (store: SectionStore, resumeId: string) => Promise<T>): Promise<T> {
    const store = await storeOf(source);
    return work(store, await this.resumes.targetId(owner, cvId));
  }

  /** A write, in one transaction: the account's lock when it needs it, the store, the targeted resume marked updated, then `work`. */
  private write<T>(
    source: StoreSource,
    owner: Owner,
    cvId: string | undefined,
    work: (store: SectionStore, resumeId: string, items: SectionItemsRepository, manager: EntityManager) => Promise<T>,
    lockAccount?: 'lockAccount',
  ): Promise<T> {
    return this.items.transaction(async (items, manager) => {
      const resumes = this.resumes.withManager(manager);
      if (lockAccount) await resumes.lockAccount(owner);
      const store = await storeOf(source, manager);
      return work(store, await resumes.touchTarget(owner, cvId), items, manager);
    });
  }
}

function storeOf(source: StoreSource, within?: EntityManager): Promise<SectionStore> {
  return typeof source === 'function' ? source(within) : Promise.resolve(source);
}

/** The store's key among a resume's sections: its kind's name, or a custom section's `customSection:<id>`. */
function sectionOf(store: SectionStore): string {
  return SECTION_KINDS.find((kind) => kind.entity === store.entity)?.name ?? customSectionKey(store.scope!.customSectionId);
}

/** A body's columns: the store's own mapping, then each date and its precision. */
function columnsOf(store: SectionStore, body: object): object {
  const columns = store.toColumns ? store.toColumns(body) : body;
  return store.dates ? storedDates(store.dates, columns) : columns;
}
