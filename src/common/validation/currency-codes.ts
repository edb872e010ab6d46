/**
 * ISO 4217 currency codes, as the runtime's ICU data lists them (`EUR`, `USD`, `JPY`, ...). Read from Intl rather
 * than copied, so that the list is a real one and stays current with the runtime.
 */
export const CURRENCY_CODES: readonly string[] = Intl.supportedValuesOf('currency');

/** What the document shows of a code: three capital letters (the list itself depends on the runtime's ICU data). */
export const CURRENCY_CODE_PATTERN = '^[A-Z]{3}$';
