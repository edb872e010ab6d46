/** A posted form as the form body parser reads it: strings, or arrays of strings for repeated fields. */
export type PostedForm = Record<string, unknown>;

/** The text of one field, or '' when it is missing, repeated, or holds a NUL (which no person types). */
export function formText(form: PostedForm, name: string): string {
  const value = form[name];
  return typeof value === 'string' && !value.includes('\u0000') ? value : '';
}
