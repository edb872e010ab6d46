import type { SectionName } from '../../common/content-sections';
import type { CustomSectionWithItems } from '../resumes/custom-sections/custom-sections.service';
import type { SectionItemView } from '../resumes/sections/section-item-view';
import { customSectionKey } from '../resumes/sections/section-keys';
import type { JobRequirements } from './job-requirements';
import type { RewriteChange, RewriteRejection } from './resume-rewrite';
import { relevance, tailorable, TailoringPlan, TailoringReport as PlanReport } from './tailoring-plan';

/** Which engine produced a tailored copy: the embedded rules, a model (TAILORING_ENGINE=llm), or an agent's rewrite over MCP. */
export const TAILORING_ENGINES = ['rules', 'llm', 'agent'] as const;
export type TailoringEngine = (typeof TAILORING_ENGINES)[number];

/** An item of the resume, named for a person reading the report. */
export interface ReportedItem {
  /** A section's name, or `customSection:<definition id>`. */
  section: string;
  id: string;
  label: string;
}

export interface HiddenItem extends ReportedItem {
  reason: string;
}

/** A skill the job asks for that the resume shows, and the items that show it. */
export interface SkillEvidence {
  skill: string;
  foundIn: ReportedItem[];
}

/**
 * The report a person reviews: the rules plan's findings and scores, and which engine produced the copy (and why the
 * rules engine did, when the model failed), each rewritten text before and after, what was hidden and why, where each
 * matched skill was found, and the sentences the grounding check dropped.
 */
export interface TailoringReport extends PlanReport {
  engine: TailoringEngine;
  /** The model that rewrote the texts (engine `llm`); null otherwise. */
  model: string | null;
  /** Why the rules engine produced the result although the `llm` engine was asked for; null otherwise. */
  fallbackReason: string | null;
  changes: RewriteChange[];
  hidden: HiddenItem[];
  evidence: SkillEvidence[];
  rejections: RewriteRejection[];
}

/** Why the rules plan hides an item (tailoring-plan.ts: no skill of the job, little of its wording, not recent). */
const HIDDEN_REASON = 'shows none of the skills the job asks for and little of its wording';

/** "Data Engineer at Streamly", "AWS Certified Solutions Architect", "BSc Computer Science, TU Berlin". */
export function itemLabel(section: SectionName, item: SectionItemView): string {
  const text = (key: string) => (typeof item[key] === 'string' && item[key] ? (item[key] as string) : null);
  if (section === 'experiences') return `${text('jobTitle')} at ${text('company')}`;
  if (section === 'education') return [text('degree'), text('school') ?? text('institution')].filter(Boolean).join(', ');
  if (section === 'summaries') return text('title') ?? 'Summary';
  return text('name') ?? text('title') ?? section;
}

/** The sections' items, with the ids the rules plan hid, as the report's items. */
export function hiddenItems(sections: Record<SectionName, SectionItemView[]>, hidden: TailoringPlan['hiddenItems']): HiddenItem[] {
  return (Object.keys(hidden) as (keyof typeof hidden)[]).flatMap((section) =>
    sections[section]
      .filter((item) => hidden[section].includes(item.id))
      .map((item) => ({ section, id: item.id, label: itemLabel(section, item), reason: HIDDEN_REASON })),
  );
}

/** For each matched skill, the items of any section, custom sections included, that show it. */
export function skillEvidence(
  sections: Record<SectionName, SectionItemView[]>,
  customSections: readonly CustomSectionWithItems[],
  requirements: JobRequirements,
  matched: string[],
): SkillEvidence[] {
  const found = new Map<string, ReportedItem[]>(matched.map((skill) => [skill, []]));
  const read = (section: string, item: SectionItemView, label: string) => {
    for (const skill of relevance(tailorable(item), requirements).skills) found.get(skill)?.push({ section, id: item.id, label });
  };
  for (const section of Object.keys(sections) as SectionName[]) sections[section].forEach((item) => read(section, item, itemLabel(section, item)));
  for (const custom of customSections) {
    custom.items.forEach((item) => read(customSectionKey(custom.id), item, [custom.title, item.title].filter(Boolean).join(': ')));
  }
  return [...found].map(([skill, foundIn]) => ({ skill, foundIn }));
}
