/**
 * The baseline of `npm run bench:writes`: a bare node:http + pg server that does the durable work the service does
 * for POST /v1/tracker/applications, and nothing else: the key looked up by hash, the body parsed and its two
 * required fields checked, and in one statement (one transaction) the application inserted under the unique
 * (account, URL) index with its first timeline entry. The statement triggers on `applications` (the counts) run for
 * it as for the service.
 */
import { createHash } from 'node:crypto';
import { createServer, IncomingMessage } from 'node:http';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

const CREATE_SQL = `
  WITH created AS (
    INSERT INTO applications (account_id, job_title, company, location, job_url, job_url_key, source, status)
    VALUES ($1, $2, $3, $4, $5, lower($5), 'Other', 'watchlist')
    ON CONFLICT (account_id, job_url_key) WHERE job_url_key IS NOT NULL DO NOTHING
    RETURNING id)
  INSERT INTO application_timeline_entries (application_id, status, description)
  SELECT id, 'watchlist', 'Application created' FROM created RETURNING application_id AS id`;

createServer(async (req, res) => {
  const key = /^Bearer (cpk_[0-9a-f]{64})$/.exec(req.headers.authorization ?? '')?.[1];
  if (!key) return send(res, 401, { error: 'Invalid API key' });
  const [{ rows: keys }, body] = await Promise.all([
    pool.query(`SELECT k.id, k.account_id, k.scopes, k.expires_at, k.revoked_at FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1`, [
      createHash('sha256').update(key).digest(),
    ]),
    readJson(req),
  ]);
  const found = keys[0];
  if (!found || found.revoked_at || (found.expires_at && found.expires_at < new Date())) return send(res, 401, { error: 'Invalid API key' });
  if (!found.scopes.includes('tracker:write')) return send(res, 403, { error: 'Insufficient scope' });
  if (typeof body?.jobTitle !== 'string' || typeof body?.company !== 'string') return send(res, 400, { error: 'jobTitle and company are required' });
  const { rows } = await pool.query(CREATE_SQL, [found.account_id, body.jobTitle, body.company, body.location ?? null, body.jobUrl ?? null]);
  send(res, 201, { success: true, applicationId: rows[0]?.id, existing: rows.length === 0 });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));

function readJson(req: IncomingMessage): Promise<any> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString()));
      } catch {
        resolve(undefined);
      }
    });
  });
}

function send(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}
