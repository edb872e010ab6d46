// Builds dist/ with `nest build` only when a source is newer than the last build, so that `npm start` and
// `npm run cli` answer in about a second instead of rebuilding (24-40 s) every time. A folder's own time counts too:
// deleting a file changes it, and the build must then drop what it had compiled from that file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist', '.built');
const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json'];

function newest(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stats.mtimeMs);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(
  ...inputs
    .map((input) => join(root, input))
    .filter(existsSync)
    .map(newest),
);
if (changedAt >= builtAt) {
  const started = Date.now();
  const build = spawnSync(join(root, 'node_modules', '.bin', 'nest'), ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Stamped with the time the build began: a source saved while it ran is newer, and builds next time.
  writeFileSync(stamp, '');
  utimesSync(stamp, new Date(started), new Date(started));
}
