/** Where a letter's header sits. */
export const HEADER_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type HeaderAlignment = (typeof HEADER_ALIGNMENTS)[number];
