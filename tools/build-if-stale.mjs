// Builds dist/ with `nest build` only when a source is newer than the last build, so that `npm start` and
// `npm run cli` answer in about a second instead of rebuilding (24-40 s) every time. A folder's own time counts too:
// deleting a file changes it, and the build must then drop what it had compiled from that file.
//
// `node tools/build-if-stale.mjs` builds if it must; `node tools/build-if-stale.mjs dist/cli/main.js args…` then runs
// that entry point in the same process, as `node dist/cli/main.js args…` would: a second Node process would add its
// start (~0.1 s on a slow machine) to every command.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

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

const entry = process.argv[2];
if (entry) {
  // The entry point reads its arguments where Node puts them, after its own path.
  process.argv.splice(1, 1);
  process.argv[1] = resolve(entry);
  createRequire(import.meta.url)(process.argv[1]);
}
