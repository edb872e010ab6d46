import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { ListEnvelope, PagingQuery } from '../../common/http/paging';
import { referencedRecord } from '../../common/validation/referenced-record';
import type { SectionName } from '../../common/content-sections';
import { accountIdOf, Owner, ownedView } from '../../database/owned-repository';
import { EventsOutbox } from '../events/events-outbox';
import { customSectionWithItems, CustomSectionWithItems } from './custom-sections/custom-sections.service';
import type { ResumeContent } from './dto/resume-content.dto';
import { CreateResumeDto, ResumeDetail, ResumeListItem, UpdateResumeDto } from './dto/resume.dto';
import type { Resume } from './entities/resume.entity';
import { resolveResumeContent, sourcesWithinScopes } from './resume-content';
import { ResumesRepository } from './resumes.repository';
import type { SectionItemView } from './sections/section-item-view';
import { LISTED_SECTION_NAMES } from './sections/section-keys';
import { SectionsService } from './sections/sections.service';

/** Texts of section items a tailoring rewrote: the item, and its changed columns. */
export interface RewrittenItem {
  section: SectionName;
  id: string;
  columns: Record<string, unknown>;
}

/** What a tailoring changes on a resume: its settings (order, hidden items, summary, name) and rewritten item texts. */
export interface ResumeTailoring {
  changes: UpdateResumeDto;
  rewritten: RewrittenItem[];
}

type ResumeFields = Partial<Omit<Resume, 'id' | 'accountId' | 'account' | 'createdAt' | 'updatedAt' | 'selectedSummary'>>;

/** What a new resume takes over from the default resume besides its items: which items it shows, in which order, with which summary. */
const INHERITED_FIELDS = ['hiddenItems', 'itemOrder', 'selectedSummaryId', 'personalOverrides'] as const;

/** Section content lives only in the section tables, so these keys of cvData are dropped. */
const CV_DATA_SECTION_KEYS: readonly string[] = [...LISTED_SECTION_NAMES, 'customSections'];

@Injectable()
export class ResumesService {
  constructor(
    private readonly resumes: ResumesRepository,
    private readonly sections: SectionsService,
    private readonly events: EventsOutbox,
  ) {}

  /**
   * A new resume starts as a copy of the default resume's content: its section items (with new ids) and which of them
   * it hides, their order, the selected summary and the summary override. Ids the body names there are those of the
   * default resume's items and name their copies. Everything else comes from the body or its defaults. Without a
   * default resume (the last one was deleted), the new resume starts empty and becomes the default.
   */
  create(caller: ApiCaller, body: CreateResumeDto): Promise<string> {
    return this.resumes.transaction(async (resumes, manager) => {
      await resumes.lockAccount(caller);
      const base = await resumes.findDefault(caller);
      if (body.selectedSummaryId) await this.assertSummaryOf(base?.id, body.selectedSummaryId, manager);
      const inherited = base ? Object.fromEntries(INHERITED_FIELDS.map((field) => [field, base[field]])) : {};
      const { id } = await this.insertCopy(resumes, manager, caller, base, {
        ...inherited,
        ...body,
        cvData: withoutSectionContent(body.cvData ?? {}),
        isDefault: !base || body.isDefault === true,
      });
      return this.recordCreated(resumes, manager, caller, id);
    });
  }

  /**
   * A new resume with content of its own instead of a copy of the default's: `fill` writes that content in the same
   * transaction and answers the references to it (selectedSummaryId). Like create, the account's first resume
   * becomes the default.
   */
  createWith(
    owner: Owner,
    fields: Pick<ResumeFields, 'name' | 'jobTitle'>,
    fill: (manager: EntityManager, resumeId: string) => Promise<Pick<ResumeFields, 'selectedSummaryId'>>,
  ): Promise<string> {
    return this.resumes.transaction(async (resumes, manager) => {
      await resumes.lockAccount(owner);
      const hasDefault = (await resumes.findDefault(owner)) !== null;
      const { id } = await this.insertCopy(resumes, manager, owner, null, { ...fields, isDefault: !hasDefault });
      await resumes.update(owner, id, await fill(manager, id));
      return this.recordCreated(resumes, manager, owner, id);
    });
  }

  /** A new account's first resume, empty and its default, in the transaction that makes the account. */
  async createFirst(accountId: string, name: string, within: EntityManager): Promise<void> {
    await this.resumes.withManager(within).create(accountId, { name, isDefault: true });
  }

  /**
   * A full copy of one of the account's resumes (settings and content) under a new name, not the default: for
   * tailoring a resume to one job while the original stays as it is.
   */
  duplicate(owner: Owner, sourceId: string, name: string, within?: EntityManager): Promise<string> {
    return (within ? this.resumes.withManager(within) : this.resumes).transaction(async (resumes, manager) => {
      const { id } = await this.insertDuplicate(resumes, manager, owner, sourceId, name);
      return this.recordCreated(resumes, manager, owner, id);
    });
  }

  /**
   * A tailoring written onto a resume, settings and item texts in one transaction: all of it or nothing. The texts
   * count against RESUME_CONTENT_LIMITS like any other write.
   */
  async tailor(owner: Owner, id: string, tailoring: ResumeTailoring): Promise<void> {
    await this.resumes.transaction(async (resumes, manager) => {
      await this.writeTailoring(resumes, manager, owner, id, tailoring);
    });
  }

  /**
   * A copy of `sourceId` (not the default) with a tailoring written onto it, in one transaction; the tailoring names
   * the source's items, and is written onto their copies. Answers the copy's id.
   */
  tailoredCopy(owner: Owner, sourceId: string, name: string, tailoring: ResumeTailoring): Promise<string> {
    return this.resumes.transaction(async (resumes, manager) => {
      const { id, copies } = await this.insertDuplicate(resumes, manager, owner, sourceId, name);
      const copyOf = (itemId: string) => copies.get(itemId) ?? itemId;
      const { changes, rewritten } = tailoring;
      await this.writeTailoring(resumes, manager, owner, id, {
        changes: {
          ...changes,
          ...(changes.hiddenItems && { hiddenItems: translated(changes.hiddenItems, copies) }),
          ...(changes.itemOrder && { itemOrder: translated(changes.itemOrder, copies) }),
          ...(changes.selectedSummaryId && { selectedSummaryId: copyOf(changes.selectedSummaryId) }),
        },
        rewritten: rewritten.map((item) => ({ ...item, id: copyOf(item.id) })),
      });
      return this.recordCreated(resumes, manager, owner, id);
    });
  }

  /** A resume with its section items as stored (not resolved): what tailoring reorders and hides, and reads. */
  async itemsOf(
    owner: Owner,
    id: string,
  ): Promise<{ resume: Resume; sections: Record<SectionName, SectionItemView[]>; customSections: CustomSectionWithItems[] }> {
    const { resume, sections, customSections } = await this.resumes.snapshot(owner, id);
    return { resume, sections, customSections: customSections.map(customSectionWithItems) };
  }

  list(caller: ApiCaller, paging: PagingQuery): Promise<ListEnvelope<ResumeListItem>> {
    return this.resumes.listed(caller, paging);
  }

  async get(caller: ApiCaller, id: string): Promise<ResumeDetail> {
    const { resume, content } = await this.resolve(caller, id);
    return { ...ownedView(resume), content };
  }

  /** The id of the account's default resume (the one autoPrepare copies); null when it has none. */
  async defaultId(owner: Owner): Promise<string | null> {
    return (await this.resumes.findDefault(owner))?.id ?? null;
  }

  /** The resolved CV of a resume: what its read answers as `content`, and what the PDF export renders. */
  async resolveContent(owner: Owner, id: string): Promise<ResumeContent> {
    return (await this.resolve(owner, id)).content;
  }

  /** `owner`: the caller, or the account the tailoring worker writes for. */
  async update(owner: Owner, id: string, changes: UpdateResumeDto): Promise<void> {
    await this.resumes.transaction(async (resumes, manager) => {
      if (changes.isDefault !== undefined) await resumes.lockAccount(owner);
      const resume = await resumes.require(owner, id, 'pessimistic_write');
      if (changes.isDefault === false && resume.isDefault) {
        throw ValidationFailedError.field('isDefault', 'the default resume cannot be unset: make another resume the default instead');
      }
      if (changes.isDefault && !resume.isDefault) await resumes.unsetDefault(owner);
      if (changes.selectedSummaryId) await this.assertSummaryOf(id, changes.selectedSummaryId, manager);
      await resumes.update(owner, id, changes.cvData ? { ...changes, cvData: withoutSectionContent(changes.cvData) } : changes);
    });
  }

  /** Its content goes with it. Deleting the default promotes the most recently updated remaining resume. */
  async remove(caller: ApiCaller, id: string): Promise<void> {
    await this.resumes.transaction(async (resumes, manager) => {
      await resumes.lockAccount(caller);
      const wasDefault = await resumes.removeAnsweringDefault(caller, id);
      await this.events.record(manager, caller.accountId, 'resume.deleted', { id });
      if (wasDefault) await resumes.promoteLatest(caller);
    });
  }

  /** One consistent snapshot of everything the content is made of. */
  private async resolve(owner: Owner, id: string): Promise<{ resume: Resume; content: ResumeContent }> {
    const { resume, profile, sections, customSections } = await this.resumes.snapshot(owner, id);
    if (!profile) throw new NotFoundError();
    const sources = { resume, profile, sections, customSections: customSections.map(customSectionWithItems) };
    // A caller sees the parts its scopes cover; the tailoring worker, which acts for the account, sees everything.
    return { resume, content: resolveResumeContent(isCaller(owner) ? sourcesWithinScopes(sources, owner.scopes) : sources) };
  }

  private async insertDuplicate(resumes: ResumesRepository, manager: EntityManager, owner: Owner, sourceId: string, name: string) {
    const source = await resumes.require(owner, sourceId);
    const { id: _id, accountId: _account, createdAt: _created, updatedAt: _updated, ...settings } = source;
    return this.insertCopy(resumes, manager, owner, source, { ...settings, name, isDefault: false });
  }

  private async writeTailoring(
    resumes: ResumesRepository,
    manager: EntityManager,
    owner: Owner,
    id: string,
    { changes, rewritten }: ResumeTailoring,
  ): Promise<void> {
    await resumes.require(owner, id, 'pessimistic_write');
    if (changes.selectedSummaryId) await this.assertSummaryOf(id, changes.selectedSummaryId, manager);
    await resumes.update(owner, id, changes);
    await this.sections.rewriteItems(owner, id, rewritten, manager);
  }

  /**
   * Inserts a resume and copies `source`'s content into it; the references in `fields` follow the copies. Answers
   * the new id, and which copy each of the source's items became.
   */
  private async insertCopy(
    resumes: ResumesRepository,
    manager: EntityManager,
    owner: Owner,
    source: Resume | null,
    fields: ResumeFields,
  ): Promise<{ id: string; copies: Map<string, string> }> {
    const { hiddenItems = {}, itemOrder = {}, selectedSummaryId = null, ...rest } = fields;
    if (rest.isDefault) await resumes.unsetDefault(owner);
    const id = await resumes.create(owner, rest);
    const copies = source ? await this.sections.copyContent(source.id, id, manager) : new Map<string, string>();
    await resumes.update(owner, id, {
      hiddenItems: translated(hiddenItems, copies),
      itemOrder: translated(itemOrder, copies),
      selectedSummaryId: selectedSummaryId && (copies.get(selectedSummaryId) ?? null),
    });
    return { id, copies };
  }

  /** Records `resume.created` with the resume as its read shows it, without the resolved content; answers the id. */
  private async recordCreated(resumes: ResumesRepository, manager: EntityManager, owner: Owner, id: string): Promise<string> {
    await this.events.record(manager, accountIdOf(owner), 'resume.created', await resumes.get(owner, id));
    return id;
  }

  /** selectedSummaryId must name a summary of the resume; the row stays locked so that it cannot go before the commit. */
  private async assertSummaryOf(resumeId: string | undefined, summaryId: string, manager: EntityManager): Promise<void> {
    await referencedRecord('selectedSummaryId', 'must be the id of a summary of this resume', this.sections.isSummaryOf(resumeId, summaryId, manager));
  }
}

function withoutSectionContent(cvData: object): object {
  return Object.fromEntries(Object.entries(cvData).filter(([key]) => !CV_DATA_SECTION_KEYS.includes(key)));
}

/** Item ids replaced by their copies' ids; other values (skill categories, ids of nothing) stay. */
function translated(idsBySection: Record<string, string[]>, copies: Map<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(idsBySection).map(([key, ids]) => [key, ids.map((id) => copies.get(id) ?? id)]));
}

function isCaller(owner: Owner): owner is ApiCaller {
  return typeof owner !== 'string' && 'scopes' in owner;
}
