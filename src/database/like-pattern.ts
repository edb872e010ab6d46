/** A search text matched literally by LIKE: `%`, `_` and `\` in it are not wildcards. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
