import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { accountIdOf, Owner } from '../../../database/owned-repository';
import { SqlRepository } from '../../../database/sql-repository';
import { APPLICATION_STATUSES } from '../application-status';
import { ANSWERING_STATUSES, APPLIED_STAGE, FUNNEL_STAGES, STAGE_OF_STATUS } from './funnel-stages';
import type { TrackerInsights } from './insights.dto';

const quoted = (text: string) => `'${text}'`;
const STAGE = `CASE e.status ${Object.entries(STAGE_OF_STATUS)
  .map(([status, stage]) => `WHEN ${quoted(status)} THEN ${stage}`)
  .join(' ')} END`;
const ANSWERING = ANSWERING_STATUSES.map(quoted).join(', ');
const STATUS_ORDER = `ARRAY[${APPLICATION_STATUSES.map(quoted).join(', ')}]::text[]`;

/** The funnel's counts: `response` is any answer (see ANSWERING_STATUSES); every other stage, its stage number or more. */
const FUNNEL_JSON = `json_build_object('added', count(*), ${FUNNEL_STAGES.map((name, index) =>
  name === 'response' ? `'response', count(answered_at)` : `${quoted(name)}, count(*) FILTER (WHERE stage >= ${index + APPLIED_STAGE})`,
).join(', ')})`;

/** The answers of the applied applications of the cohort, grouped by `key` (a column of the cohort), the most applied first. */
const responsesBy = (key: string, name: string) => `
  (SELECT coalesce(json_agg(json_build_object(${quoted(name)}, key, 'applied', applied, 'responded', responded,
                                              'responseRate', round(responded::numeric / applied, 4), 'medianDaysToFirstResponse', round(median::numeric, 2))
                            ORDER BY applied DESC, key NULLS LAST), '[]')
     FROM (SELECT ${key} AS key, count(*) AS applied, count(answered_at) AS responded,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY days_to_answer) AS median
             FROM cohort WHERE stage >= ${APPLIED_STAGE} GROUP BY ${key}) AS grouped)`;

/**
 * Everything `GET /v1/tracker/insights` answers, in one statement, from the account's (`$1`) timelines: only status
 * entries (activities say nothing of the status), in the order they were recorded (`sequence`), each at the time it
 * was recorded. `$2` and `$3` are the range's first and last instants (the latter excluded).
 *
 * - `entries`: each status entry with the stage it shows and when the application left it (the next entry).
 * - `journeys`: per application, when it was added (its first entry), the furthest stage it reached, when it first
 *   reached `applied` (any status at that stage or beyond, so a skipped `applied` counts from the status that
 *   skipped it) and when it first got an answer.
 * - `cohort`: the applications added in the range; the days to the first answer only where `applied` came first.
 */
const INSIGHTS = `
  WITH entries AS (
    SELECT e.application_id, a.source, a.cv_id, e.status, e.created_at AS at, ${STAGE} AS stage,
           lead(e.created_at) OVER (PARTITION BY e.application_id ORDER BY e.sequence) AS left_at,
           row_number() OVER (PARTITION BY e.application_id ORDER BY e.sequence) AS n
      FROM application_timeline_entries e JOIN applications a ON a.id = e.application_id
     WHERE a.account_id = $1 AND e.type IS NULL
  ),
  journeys AS (
    SELECT application_id, source, cv_id,
           min(at) FILTER (WHERE n = 1) AS added_at,
           max(stage) AS stage,
           min(at) FILTER (WHERE stage >= ${APPLIED_STAGE}) AS applied_at,
           min(at) FILTER (WHERE status IN (${ANSWERING})) AS answered_at
      FROM entries GROUP BY application_id, source, cv_id
  ),
  cohort AS (
    SELECT *, CASE WHEN answered_at > applied_at THEN extract(epoch FROM answered_at - applied_at) / 86400 END AS days_to_answer
      FROM journeys WHERE added_at >= $2::timestamptz AND added_at < $3::timestamptz
  ),
  weeks AS (
    SELECT week FROM generate_series(date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC'), $3::timestamptz AT TIME ZONE 'UTC' - interval '1 microsecond', interval '1 week') AS week
  ),
  added AS (
    SELECT date_trunc('week', added_at AT TIME ZONE 'UTC') AS week, count(*) AS count FROM journeys WHERE added_at >= $2 AND added_at < $3 GROUP BY 1
  ),
  applied AS (
    SELECT date_trunc('week', applied_at AT TIME ZONE 'UTC') AS week, count(*) AS count FROM journeys WHERE applied_at >= $2 AND applied_at < $3 GROUP BY 1
  ),
  stays AS (
    SELECT e.status, count(*) AS stays, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.left_at - e.at) / 86400) AS median
      FROM entries e JOIN cohort c USING (application_id) WHERE e.left_at IS NOT NULL GROUP BY e.status
  )
  SELECT
    (SELECT json_agg(json_build_object('week', to_char(w.week, 'IYYY-"W"IW'), 'start', to_char(w.week, 'YYYY-MM-DD'),
                                       'added', coalesce(added.count, 0), 'applied', coalesce(applied.count, 0)) ORDER BY w.week)
       FROM weeks w LEFT JOIN added USING (week) LEFT JOIN applied USING (week)) AS weeks,
    (SELECT ${FUNNEL_JSON} FROM cohort) AS funnel,
    ${responsesBy('source', 'source')} AS "bySource",
    ${responsesBy('cv_id', 'cvId')} AS "byResume",
    (SELECT json_agg(json_build_object('status', s.status, 'stays', coalesce(stays.stays, 0), 'medianDays', round(stays.median::numeric, 2)) ORDER BY s.position)
       FROM unnest(${STATUS_ORDER}) WITH ORDINALITY AS s(status, position) LEFT JOIN stays USING (status)) AS "statusDurations"`;

/** The account's insights, read from the timelines the tracker writes (see TimelineEntry). */
@Injectable()
export class InsightsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  async insights(owner: Owner, from: Date, until: Date): Promise<Omit<TrackerInsights, 'from' | 'to'>> {
    const [row] = await this.statement<Omit<TrackerInsights, 'from' | 'to'>>(INSIGHTS, [accountIdOf(owner), from, until]);
    return row;
  }
}
