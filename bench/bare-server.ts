/**
 * The baseline of `npm run bench`: a bare node:http + pg server that does what the service does for
 * GET /v1/tracker/applications — the same key lookup by hash and the same list query — and nothing else.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

const LIST_SQL = `
  SELECT id, job_title AS "jobTitle", company, location, job_url AS "jobUrl", status, source, priority,
         salary_min AS "salaryMin", salary_max AS "salaryMax", applied_date AS "appliedDate",
         created_at AS "createdAt", updated_at AS "updatedAt"
    FROM applications WHERE account_id = $1
   ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`;
const COUNT_SQL = 'SELECT count(*)::int AS total FROM applications WHERE account_id = $1';
const ARCHIVED = new Set(['accepted', 'rejected', 'withdrawn', 'no_response']);

createServer(async (req, res) => {
  const key = /^Bearer (cpk_[0-9a-f]{64})$/.exec(req.headers.authorization ?? '')?.[1];
  if (!key) return send(res, 401, { error: 'Invalid API key' });
  const { rows: keys } = await pool.query(
    `SELECT k.id, k.account_id, k.scopes, k.expires_at, k.revoked_at FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1`,
    [createHash('sha256').update(key).digest()],
  );
  const found = keys[0];
  if (!found || found.revoked_at || (found.expires_at && found.expires_at < new Date())) return send(res, 401, { error: 'Invalid API key' });
  if (!found.scopes.includes('tracker:read')) return send(res, 403, { error: 'Insufficient scope' });
  const [{ rows }, counted] = await Promise.all([pool.query(LIST_SQL, [found.account_id, 25, 0]), pool.query(COUNT_SQL, [found.account_id])]);
  const total = counted.rows[0].total;
  const data = rows.map((row) => ({ ...row, isArchived: ARCHIVED.has(row.status) }));
  send(res, 200, { data, total, hasMore: data.length < total, limit: 25, offset: 0 });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));

function send(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}
