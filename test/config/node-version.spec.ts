import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUIRED_NODE_MAJOR, warnOnOlderNode } from '@src/config/node-version';

const root = join(__dirname, '..', '..');

describe('the Node.js version check', () => {
  it('requires the version .nvmrc and package.json name', () => {
    expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toBe(String(REQUIRED_NODE_MAJOR));
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
  });

  it('warns on an older Node.js, naming both versions, and says nothing on the required one or newer', () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    warnOnOlderNode(warn, '20.20.2');
    expect(warnings).toEqual([
      `Career API is built and tested on Node.js ${REQUIRED_NODE_MAJOR} (see .nvmrc); this is Node.js 20.20.2, which it may not run correctly on`,
    ]);
    warnOnOlderNode(warn, `${REQUIRED_NODE_MAJOR}.0.0`);
    warnOnOlderNode(warn, `${REQUIRED_NODE_MAJOR + 2}.1.0`);
    expect(warnings).toHaveLength(1);
  });
});
