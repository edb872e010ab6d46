/** The Node.js major version the service is built and tested on (`.nvmrc`, and `engines` in package.json). */
export const REQUIRED_NODE_MAJOR = 22;

/**
 * Says so when the running Node.js is older than the one the service is tested on: npm only warns about `engines`
 * at install, and an older Node then runs without a word until something it lacks is used.
 */
export function warnOnOlderNode(warn: (message: string) => void, version = process.versions.node): void {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return;
  warn(`Career API is built and tested on Node.js ${REQUIRED_NODE_MAJOR} (see .nvmrc); this is Node.js ${version}, which it may not run correctly on`);
}
