/**
 * The content sections of a resume. A section's name is its path (`/v1/<name>`), its scope prefix (`<name>:read`,
 * `<name>:write`) and its key in a resume's `hiddenItems` and `itemOrder`. The order is the default order of the
 * sections on a resume. The names sit in common/ because the scope list (auth/scopes.ts) is built from them; what
 * a section is belongs to the resumes feature (its section kinds registry).
 */
export const SECTION_NAMES = ['experiences', 'education', 'skills', 'summaries', 'projects', 'certificates', 'awards', 'publications', 'interests'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];
