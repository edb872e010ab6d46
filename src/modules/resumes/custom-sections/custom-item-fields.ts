/**
 * The fields a custom section item can have; a section definition enables some of them. Apart from the DTOs, so
 * that the section's entity imports no DTO.
 */
export const CUSTOM_ITEM_FIELDS = ['title', 'subtitle', 'organization', 'location', 'description', 'startDate', 'endDate', 'url'] as const;
export type CustomItemField = (typeof CUSTOM_ITEM_FIELDS)[number];
