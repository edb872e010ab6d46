const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

/** The mark a test file carries in its first comment when it takes far longer than the rest. */
const LONG_RUNNING = /^\/\*\*(?:(?!\*\/)[^])*@long-running\b/;

/**
 * Starts the files marked `@long-running` first. Jest orders a file by how long it took last time, and one it has
 * not timed (every file of a fresh clone, as in CI) by its size: the slowest files (a browser clicking through
 * Swagger UI, worker processes waiting out Bull's lock) are small, and starting them last left the other workers
 * idle for their last 40 s. Otherwise Jest's own order stands.
 */
class LongRunningFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const marked = (test) => LONG_RUNNING.test(readFileSync(test.path, 'utf8').slice(0, 2_000));
    const long = sorted.filter(marked);
    return [...long, ...sorted.filter((test) => !long.includes(test))];
  }
}

module.exports = LongRunningFirst;
