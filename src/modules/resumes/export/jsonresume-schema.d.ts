/** The parts of @jsonresume/schema (which ships no types) that the import uses. */
declare module '@jsonresume/schema' {
  /** One failed rule, as the `jsonschema` validator inside the package reports it. */
  export interface SchemaViolation {
    /** Where in the document: ['work', 0, 'startDate']. */
    path: (string | number)[];
    /** The rule: 'type', 'format', 'pattern', ... */
    name: string;
    argument: unknown;
    message: string;
  }

  /** Synchronous despite the callback: errors is null when the document is valid. */
  export function validate(resume: unknown, callback: (errors: SchemaViolation[] | null, valid: boolean) => void): void;
}
