import { SECTION_TEXT } from '../resumes/resumes.limits';
import type { SectionItemView } from '../resumes/sections/section-item-view';
import { GroundingRejection, groundedText, ResumeEvidence } from './grounding';
import type { JobRequirements } from './job-requirements';
import { relevance } from './tailoring-plan';
import { itemLabel } from './tailoring-report';

/** The sections whose items a rewrite may change, and the summary. */
export const REWRITTEN_SECTIONS = ['experiences', 'projects'] as const;
export type RewrittenSection = (typeof REWRITTEN_SECTIONS)[number] | 'summaries';

/** The fields of an item a rewrite may change (projects have only a description; a summary only its content). */
export const REWRITTEN_FIELDS = ['description', 'responsibilities', 'achievements', 'content'] as const;
export type RewrittenField = (typeof REWRITTEN_FIELDS)[number];

/** An item as a rewrite sees it: what it is, and the texts it may rewrite. */
export interface RewritableItem {
  id: string;
  section: (typeof REWRITTEN_SECTIONS)[number];
  /** "Data Engineer at Streamly", "Project: Kafka connector": for the model and the report. */
  label: string;
  description: string | null;
  responsibilities: string[];
  achievements: string[];
}

/** What of a resume a rewrite may change: its summary (null when it shows none) and the items it keeps. */
export interface RewritableResume {
  summary: { id: string; text: string } | null;
  items: RewritableItem[];
}

/** A rewrite of one item, as a model or an agent proposes it; a field left out stays as it is. */
export interface ItemRewrite {
  id: string;
  description?: string | null;
  responsibilities?: string[];
  achievements?: string[];
}

export interface ResumeRewrite {
  summary?: string | null;
  items?: ItemRewrite[];
}

/** One field of an item that the rewrite changed, before and after, for the person to review. */
export interface RewriteChange {
  section: RewrittenSection;
  id: string;
  label: string;
  field: RewrittenField;
  before: string | string[] | null;
  after: string | string[];
}

/** A sentence of the rewrite that was dropped, where it was meant to go, and why. */
export interface RewriteRejection extends GroundingRejection {
  section: RewrittenSection;
  id: string;
  label: string;
  field: RewrittenField;
}

/** The columns to write per item: the grounded rewrite. */
export interface ItemTextChanges {
  section: RewrittenSection;
  id: string;
  columns: Partial<Record<RewrittenField, string | string[]>>;
}

export interface GroundedRewrite {
  changes: RewriteChange[];
  rejections: RewriteRejection[];
  writes: ItemTextChanges[];
}

/** A resume's summary and items as a rewrite sees them; items of other sections and ids it does not know are left out. */
export function rewritableResume(
  sections: Record<'experiences' | 'projects' | 'summaries', SectionItemView[]>,
  keep: (section: (typeof REWRITTEN_SECTIONS)[number], id: string) => boolean,
  summaryId: string | null,
): RewritableResume {
  const summary = sections.summaries.find((item) => item.id === summaryId);
  return {
    summary: summary ? { id: summary.id, text: String(summary.content ?? '') } : null,
    items: REWRITTEN_SECTIONS.flatMap((section) =>
      sections[section]
        .filter((item) => keep(section, item.id))
        .map((item) => ({
          id: item.id,
          section,
          label: itemLabel(section, item),
          description: (item.description as string | null | undefined) ?? null,
          responsibilities: (item.responsibilities as string[] | undefined) ?? [],
          achievements: (item.achievements as string[] | undefined) ?? [],
        })),
    ),
  };
}

/**
 * The rewrite as it may be written: each sentence that adds a fact the resume does not show is dropped (the original
 * text stays where nothing of a text is left, and a bullet keeps its original), and an item whose rewrite would show
 * fewer of the job's skills than it did keeps its original texts. Ids the resume does not hold are ignored.
 */
export function groundRewrite(resume: RewritableResume, rewrite: ResumeRewrite, evidence: ResumeEvidence, requirements: JobRequirements): GroundedRewrite {
  const result: GroundedRewrite = { changes: [], rejections: [], writes: [] };
  if (resume.summary && typeof rewrite.summary === 'string') {
    const where = { section: 'summaries' as const, id: resume.summary.id, label: 'Summary', field: 'content' as const };
    const { text, rejections } = groundedParagraph(rewrite.summary, resume.summary.text, evidence, SECTION_TEXT.long);
    result.rejections.push(...rejections.map((rejection) => ({ ...where, ...rejection })));
    if (text !== resume.summary.text && !losesSkills(resume.summary.text, text, requirements, where, result)) {
      result.changes.push({ ...where, before: resume.summary.text, after: text });
      result.writes.push({ section: 'summaries', id: resume.summary.id, columns: { content: text } });
    }
  }
  const byId = new Map(resume.items.map((item) => [item.id, item]));
  for (const proposal of rewrite.items ?? []) {
    const item = byId.get(proposal.id);
    if (!item) continue;
    byId.delete(proposal.id);
    const changes: RewriteChange[] = [];
    const rejections: RewriteRejection[] = [];
    const where = (field: RewrittenField) => ({ section: item.section, id: item.id, label: item.label, field });
    if (typeof proposal.description === 'string') {
      const { text, rejections: dropped } = groundedParagraph(proposal.description, item.description, evidence, SECTION_TEXT.long);
      rejections.push(...dropped.map((rejection) => ({ ...where('description'), ...rejection })));
      if (text !== item.description && text !== '') changes.push({ ...where('description'), before: item.description, after: text });
    }
    if (item.section === 'experiences') {
      for (const field of ['responsibilities', 'achievements'] as const) {
        const proposed = proposal[field];
        if (!Array.isArray(proposed)) continue;
        const { bullets, rejections: dropped } = groundedBullets(proposed, item[field], evidence);
        rejections.push(...dropped.map((rejection) => ({ ...where(field), ...rejection })));
        if (JSON.stringify(bullets) !== JSON.stringify(item[field])) changes.push({ ...where(field), before: item[field], after: bullets });
      }
    }
    result.rejections.push(...rejections);
    if (changes.length === 0) continue;
    const before = [item.description ?? '', ...item.responsibilities, ...item.achievements].join('\n');
    const after = changes.reduce<Record<string, string | string[] | null>>((fields, change) => ({ ...fields, [change.field]: change.after }), {
      description: item.description,
      responsibilities: item.responsibilities,
      achievements: item.achievements,
    });
    const afterText = [after.description ?? '', ...(after.responsibilities as string[]), ...(after.achievements as string[])].join('\n');
    if (losesSkills(before, afterText, requirements, where('description'), result)) continue;
    result.changes.push(...changes);
    result.writes.push({ section: item.section, id: item.id, columns: Object.fromEntries(changes.map((change) => [change.field, change.after])) });
  }
  return result;
}

/** A paragraph without its ungrounded sentences; the original when nothing of it may stay or it is too long. */
function groundedParagraph(
  proposed: string,
  original: string | null,
  evidence: ResumeEvidence,
  maxLength: number,
): { text: string; rejections: GroundingRejection[] } {
  const { kept, rejections } = groundedText(proposed, evidence);
  const text = kept !== null && kept.length <= maxLength ? kept : (original ?? '');
  return { text, rejections };
}

/** Bullets without their ungrounded sentences; a bullet of which nothing may stay keeps its original, if it had one. */
function groundedBullets(proposed: string[], original: string[], evidence: ResumeEvidence): { bullets: string[]; rejections: GroundingRejection[] } {
  const bullets: string[] = [];
  const rejections: GroundingRejection[] = [];
  proposed.slice(0, SECTION_TEXT.listItems).forEach((bullet, index) => {
    const { kept, rejections: dropped } = groundedText(bullet, evidence);
    rejections.push(...dropped);
    const text = kept !== null && kept.length <= SECTION_TEXT.listItem ? kept : original[index];
    if (text !== undefined) bullets.push(text);
  });
  return { bullets, rejections };
}

/**
 * Whether a rewrite shows fewer of the job's skills than the text it replaces (so that a rewrite never lowers the
 * score); when it does, the rewrite is refused and reported.
 */
function losesSkills(
  before: string,
  after: string,
  requirements: JobRequirements,
  where: Omit<RewriteRejection, keyof GroundingRejection>,
  result: GroundedRewrite,
): boolean {
  const shownAfter = new Set(relevance({ id: where.id, text: after }, requirements).skills);
  const lost = relevance({ id: where.id, text: before }, requirements).skills.filter((skill) => !shownAfter.has(skill));
  if (lost.length === 0) return false;
  result.rejections.push({
    ...where,
    sentence: after,
    violations: [],
    reason: `drops ${lost.join(', ')}, which the job asks for: the original stays`,
  });
  return true;
}
