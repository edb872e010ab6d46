import type { EntityManager } from 'typeorm';

/**
 * A resume shows the summary its `selectedSummaryId` picks. So that a summary shows up without a second call, a
 * resume's first summary becomes its selected one; deleting the selected summary selects the oldest remaining one
 * (the first in list order), or none when none remains. A selection the person cleared (null) while other summaries
 * exist stays cleared. Both run in the item write's transaction, which holds the resume's row lock.
 */
export const SUMMARY_SELECTION = {
  effects: {
    create: "A resume's first summary becomes its selected one (`selectedSummaryId`).",
    remove: "Deleting the resume's selected summary selects its oldest remaining summary (the first in list order), or none.",
  },

  async afterCreate(manager: EntityManager, resumeId: string, id: string): Promise<void> {
    await manager.query(
      `UPDATE resumes SET selected_summary_id = $2
       WHERE id = $1 AND selected_summary_id IS NULL AND NOT EXISTS (SELECT 1 FROM summaries WHERE resume_id = $1 AND id <> $2)`,
      [resumeId, id],
    );
  },

  async beforeRemove(manager: EntityManager, resumeId: string, id: string): Promise<void> {
    await manager.query(
      `UPDATE resumes SET selected_summary_id = (
         SELECT summary.id FROM summaries summary WHERE summary.resume_id = $1 AND summary.id <> $2 ORDER BY summary.position LIMIT 1
       )
       WHERE id = $1 AND selected_summary_id = $2`,
      [resumeId, id],
    );
  },
};
