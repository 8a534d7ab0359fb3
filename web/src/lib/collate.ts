/** Names in the reader's language order: one Intl.Collator (String#localeCompare builds one per call). */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
export const byName = (a: string, b: string): number => collator.compare(a, b);
