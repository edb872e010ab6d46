/**
 * A key that names a member of Object.prototype (`__proto__`, `constructor`, `toString`, ...) or `prototype`: no field
 * of ours has such a name, they are the keys of prototype pollution, and class-transformer drops some of them
 * silently (`__proto__`, `constructor`) instead of letting validation refuse them as unknown.
 */
export function isPrototypeKey(key: string): boolean {
  return key in Object.prototype || key === 'prototype';
}
