import { SECTION_NAMES, SectionName } from '../../../common/content-sections';

/** Summaries are not listed on a resume: it shows the one its `selectedSummaryId` picks. Every other section is listed. */
export type ListedSectionName = Exclude<SectionName, 'summaries'>;
export const LISTED_SECTION_NAMES = SECTION_NAMES.filter((name): name is ListedSectionName => name !== 'summaries');

/**
 * Custom sections are keyed `customSection:<definitionId>` in hiddenItems, itemOrder and sectionOrder, with the id
 * in lowercase as the API answers it, so that a key always matches its section.
 */
export const CUSTOM_SECTION_KEY = /^customSection:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function customSectionKey(definitionId: string): string {
  return `customSection:${definitionId}`;
}

export function isCustomSectionKey(key: string): boolean {
  return CUSTOM_SECTION_KEY.test(key);
}
