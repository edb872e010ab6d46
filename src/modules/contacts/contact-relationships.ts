/** How the user knows a contact. */
export const CONTACT_RELATIONSHIPS = [
  'RECRUITER',
  'HIRING_MANAGER',
  'HR_MANAGER',
  'TEAM_LEAD',
  'DEPARTMENT_HEAD',
  'CEO_FOUNDER',
  'COLLEAGUE',
  'FRIEND',
  'REFERRAL',
  'OTHER',
] as const;
export type ContactRelationship = (typeof CONTACT_RELATIONSHIPS)[number];
export const DEFAULT_RELATIONSHIP: ContactRelationship = 'OTHER';
