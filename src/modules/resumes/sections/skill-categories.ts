/** The groups a CV shows skills in; the skill entity and its DTO both read them from here. */
export const SKILL_CATEGORIES = ['TECHNICAL', 'SOFT', 'LANGUAGE'] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];
