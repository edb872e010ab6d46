import type { EntityManager } from 'typeorm';

/** `column` (a section key → ids object) without the ids `$2` and without the keys `$3`, ids kept in their order. */
const WITHOUT = (column: string) => `(
  SELECT coalesce(jsonb_object_agg(section.key, (
    SELECT coalesce(jsonb_agg(entry.id ORDER BY entry.n), '[]'::jsonb)
    FROM jsonb_array_elements(section.value) WITH ORDINALITY AS entry(id, n)
    WHERE NOT (entry.id #>> '{}') = ANY($2::text[])
  )), '{}'::jsonb)
  FROM jsonb_each(${column}) AS section
  WHERE NOT section.key = ANY($3::text[])
)`;

/**
 * A deleted item leaves no trace: its id leaves `hiddenItems` and `itemOrder` of every resume of the account, and
 * a deleted section's key (`customSection:<id>`) leaves those and `sectionOrder`. Call it in the transaction of the
 * delete, after lockAccount; only the resumes that name them are written.
 */
export async function forgetReferences(manager: EntityManager, accountId: string, itemIds: string[], sectionKeys: string[] = []): Promise<void> {
  if (itemIds.length === 0 && sectionKeys.length === 0) return;
  await manager.query(
    `UPDATE resumes SET
       hidden_items = ${WITHOUT('hidden_items')},
       item_order = ${WITHOUT('item_order')},
       section_order = (
         SELECT coalesce(jsonb_agg(name.value ORDER BY name.n), '[]'::jsonb)
         FROM jsonb_array_elements(section_order) WITH ORDINALITY AS name(value, n)
         WHERE NOT (name.value #>> '{}') = ANY($3::text[])
       )
     WHERE account_id = $1 AND (
       jsonb_path_query_array(hidden_items, '$.*[*]') ?| $2::text[] OR jsonb_path_query_array(item_order, '$.*[*]') ?| $2::text[]
       OR hidden_items ?| $3::text[] OR item_order ?| $3::text[] OR section_order ?| $3::text[]
     )`,
    [accountId, itemIds, sectionKeys],
  );
}
