import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../common/http/paging';
import { EventsOutbox } from '../events/events-outbox';
import { CareerProfile } from '../profile/entities/career-profile.entity';
import { CustomSectionsService } from './custom-sections/custom-sections.service';
import type { ResumeContent } from './dto/resume-content.dto';
import { CreateResumeDto, ResumeDetail, ResumeListItem, ResumeView, UpdateResumeDto } from './dto/resume.dto';
import { Resume } from './entities/resume.entity';
import { resolveResumeContent } from './resume-content';
import { lockAccount } from '../../database/owned-repository';
import { Summary } from './sections/entities/summary.entity';
import type { SectionName } from '../../common/section-names';
import { LISTED_SECTION_NAMES } from './sections/section-names';
import { SectionItemView, SectionsService } from './sections/sections.service';

type ResumeFields = Partial<Omit<Resume, 'id' | 'accountId' | 'account' | 'createdAt' | 'updatedAt' | 'selectedSummary'>>;

/** What a new resume takes over from the default resume besides its items: which items it shows, in which order, with which summary. */
const INHERITED_FIELDS = ['hiddenItems', 'itemOrder', 'selectedSummaryId', 'personalOverrides'] as const;

/** Section content lives only in the section tables, so these keys of cvData are dropped. */
const CV_DATA_SECTION_KEYS: readonly string[] = [...LISTED_SECTION_NAMES, 'customSections'];

@Injectable()
export class ResumesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sections: SectionsService,
    private readonly customSections: CustomSectionsService,
    private readonly events: EventsOutbox,
  ) {}

  /**
   * A new resume starts as a copy of the default resume's content: its section items (with new ids) and which of them
   * it hides, their order, the selected summary and the summary override. Ids the body names there are those of the
   * default resume's items and name their copies. Everything else comes from the body or its defaults. Without a
   * default resume (the last one was deleted), the new resume starts empty and becomes the default.
   */
  create(accountId: string, body: CreateResumeDto): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      await lockAccount(manager, accountId);
      const base = await manager.findOneBy(Resume, { accountId, isDefault: true });
      if (body.selectedSummaryId) await assertSummaryOf(manager, base?.id, body.selectedSummaryId);
      const inherited = base ? Object.fromEntries(INHERITED_FIELDS.map((field) => [field, base[field]])) : {};
      const id = await this.insertCopy(manager, accountId, base, {
        ...inherited,
        ...body,
        cvData: withoutSectionContent(body.cvData ?? {}),
        isDefault: !base || body.isDefault === true,
      });
      return this.recordCreated(manager, accountId, id);
    });
  }

  /**
   * A new resume with content of its own instead of a copy of the default's: `fill` writes that content in the same
   * transaction and answers the references to it (selectedSummaryId). Like create, the account's first resume
   * becomes the default.
   */
  createWith(
    accountId: string,
    fields: Pick<ResumeFields, 'name' | 'jobTitle'>,
    fill: (manager: EntityManager, resumeId: string) => Promise<Pick<ResumeFields, 'selectedSummaryId'>>,
  ): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      await lockAccount(manager, accountId);
      const hasDefault = await manager.existsBy(Resume, { accountId, isDefault: true });
      const id = await this.insertCopy(manager, accountId, null, { ...fields, isDefault: !hasDefault });
      await manager.update(Resume, { id }, await fill(manager, id));
      return this.recordCreated(manager, accountId, id);
    });
  }

  /**
   * A full copy of one of the account's resumes (settings and content) under a new name, not the default: for
   * tailoring a resume to one job while the original stays as it is.
   */
  duplicate(accountId: string, sourceId: string, name: string, within?: EntityManager): Promise<string> {
    const copy = async (manager: EntityManager) => {
      const source = await this.owned(manager, accountId, sourceId);
      const { id: _id, accountId: _account, createdAt: _created, updatedAt: _updated, ...settings } = source;
      return this.recordCreated(manager, accountId, await this.insertCopy(manager, accountId, source, { ...settings, name, isDefault: false }));
    };
    return within ? copy(within) : this.dataSource.transaction(copy);
  }

  /** A resume with its section items as stored (not resolved): what tailoring reorders and hides. */
  itemsOf(accountId: string, id: string): Promise<{ resume: Resume; sections: Record<SectionName, SectionItemView[]> }> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const resume = await this.owned(manager, accountId, id);
      return { resume, sections: await this.sections.itemsOf(manager, id) };
    });
  }

  async list(accountId: string, paging: PagingQuery): Promise<ListEnvelope<ResumeListItem>> {
    const [resumes, total] = await this.dataSource.getRepository(Resume).findAndCount({
      select: { id: true, name: true, jobTitle: true, template: true, isDefault: true, createdAt: true, updatedAt: true },
      where: { accountId },
      order: { isDefault: 'DESC', updatedAt: 'DESC', id: 'ASC' },
      skip: paging.offset,
      take: paging.limit,
    });
    return listEnvelope(resumes.map(resumeView), total, paging);
  }

  async get(accountId: string, id: string): Promise<ResumeDetail> {
    const { resume, content } = await this.resolve(accountId, id);
    return { ...resumeView(resume), content };
  }

  /** The resolved CV of a resume: what its read answers as `content`, and what the PDF export renders. */
  async resolveContent(accountId: string, id: string): Promise<ResumeContent> {
    return (await this.resolve(accountId, id)).content;
  }

  async update(accountId: string, id: string, changes: UpdateResumeDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (changes.isDefault !== undefined) await lockAccount(manager, accountId);
      const resume = await this.owned(manager, accountId, id, 'lock');
      if (changes.isDefault === false && resume.isDefault) {
        throw ValidationFailedError.field('isDefault', 'the default resume cannot be unset: make another resume the default instead');
      }
      if (changes.isDefault && !resume.isDefault) await manager.update(Resume, { accountId, isDefault: true }, { isDefault: false });
      if (changes.selectedSummaryId) await assertSummaryOf(manager, id, changes.selectedSummaryId);
      await manager.update(Resume, { id }, changes.cvData ? { ...changes, cvData: withoutSectionContent(changes.cvData) } : changes);
    });
  }

  /** Its content goes with it. Deleting the default promotes the most recently updated remaining resume. */
  async remove(accountId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lockAccount(manager, accountId);
      const deleted = await manager.createQueryBuilder().delete().from(Resume).where({ id, accountId }).returning(['isDefault']).execute();
      if (deleted.raw.length === 0) throw new NotFoundError();
      await this.events.record(manager, accountId, 'resume.deleted', { id });
      if (!deleted.raw[0].is_default) return;
      const next = await manager.findOne(Resume, { select: { id: true }, where: { accountId }, order: { updatedAt: 'DESC', id: 'DESC' } });
      if (next) await manager.update(Resume, { id: next.id }, { isDefault: true });
    });
  }

  /** One consistent snapshot of everything the content is made of. */
  private resolve(accountId: string, id: string): Promise<{ resume: Resume; content: ResumeContent }> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const resume = await this.owned(manager, accountId, id);
      const profile = await manager.findOneByOrFail(CareerProfile, { accountId });
      const sections = await this.sections.itemsOf(manager, id);
      const customSections = await this.customSections.withItemsOf(manager, accountId, id);
      return { resume, content: resolveResumeContent({ resume, profile, sections, customSections }) };
    });
  }

  /** Inserts a resume and copies `source`'s content into it; the references in `fields` follow the copies. */
  private async insertCopy(manager: EntityManager, accountId: string, source: Resume | null, fields: ResumeFields): Promise<string> {
    const { hiddenItems = {}, itemOrder = {}, selectedSummaryId = null, ...rest } = fields;
    if (rest.isDefault) await manager.update(Resume, { accountId, isDefault: true }, { isDefault: false });
    const { identifiers } = await manager.insert(Resume, { ...rest, accountId });
    const id = identifiers[0].id as string;
    const copies = source ? await this.sections.copyContent(manager, source.id, id) : new Map<string, string>();
    await manager.update(
      Resume,
      { id },
      {
        hiddenItems: translated(hiddenItems, copies),
        itemOrder: translated(itemOrder, copies),
        selectedSummaryId: selectedSummaryId && (copies.get(selectedSummaryId) ?? null),
      },
    );
    return id;
  }

  /** Records `resume.created` with the resume as its read shows it, without the resolved content; answers the id. */
  private async recordCreated(manager: EntityManager, accountId: string, id: string): Promise<string> {
    await this.events.record(manager, accountId, 'resume.created', resumeView(await manager.findOneByOrFail(Resume, { id })));
    return id;
  }

  private async owned(manager: EntityManager, accountId: string, id: string, lock?: 'lock'): Promise<Resume> {
    const resume = await manager.findOne(Resume, { where: { id, accountId }, lock: lock && { mode: 'pessimistic_write' } });
    if (!resume) throw new NotFoundError();
    return resume;
  }
}

/** selectedSummaryId must name a summary of the resume; the row stays locked so that it cannot go before the commit. */
async function assertSummaryOf(manager: EntityManager, resumeId: string | undefined, summaryId: string): Promise<void> {
  const summary = resumeId && (await manager.findOne(Summary, { where: { id: summaryId, resumeId }, lock: { mode: 'pessimistic_read' } }));
  if (!summary) throw ValidationFailedError.field('selectedSummaryId', 'must be the id of a summary of this resume');
}

function withoutSectionContent(cvData: object): object {
  return Object.fromEntries(Object.entries(cvData).filter(([key]) => !CV_DATA_SECTION_KEYS.includes(key)));
}

/** Item ids replaced by their copies' ids; other values (skill categories, ids of nothing) stay. */
function translated(idsBySection: Record<string, string[]>, copies: Map<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(idsBySection).map(([key, ids]) => [key, ids.map((id) => copies.get(id) ?? id)]));
}

function resumeView({ accountId: _account, ...view }: Resume): ResumeView {
  return view;
}
