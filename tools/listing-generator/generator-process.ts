import { join } from 'node:path';

/** How another process runs the generator, from source: `node ...GENERATOR_ARGS --count N`. */
export const GENERATOR_ARGS = ['-r', require.resolve('ts-node/register/transpile-only'), join(__dirname, 'main.ts')];
