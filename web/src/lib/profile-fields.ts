// Custom profile fields as Zulip defines them: their types, the options of a List of options
// field, and how a value is written for PATCH /users/me/profile_data.

/** Zulip's field types (`custom_profile_field_types` in POST /register). */
export const FIELD_TYPES = {
  SHORT_TEXT: 1,
  LONG_TEXT: 2,
  SELECT: 3,
  DATE: 4,
  URL: 5,
  USER: 6,
  EXTERNAL_ACCOUNT: 7,
  PRONOUNS: 8,
} as const;

/** The types an administrator picks from when adding a field, in Zulip's order, with its names. */
export const FIELD_TYPE_CHOICES: [number, string][] = [
  [FIELD_TYPES.SHORT_TEXT, 'Short text'],
  [FIELD_TYPES.LONG_TEXT, 'Long text'],
  [FIELD_TYPES.SELECT, 'List of options'],
  [FIELD_TYPES.DATE, 'Date picker'],
  [FIELD_TYPES.URL, 'Link'],
  [FIELD_TYPES.USER, 'Person picker'],
  [FIELD_TYPES.EXTERNAL_ACCOUNT, 'External account (GitHub)'],
  [FIELD_TYPES.PRONOUNS, 'Pronouns'],
];

export interface SelectOption {
  key: string;
  text: string;
}

/** A List of options field's options in their order: field_data is `{"<key>": {text, order}}`. */
export function selectOptions(fieldData: string): SelectOption[] {
  let data: Record<string, { text?: unknown; order?: unknown }>;
  try {
    data = JSON.parse(fieldData || '{}') as typeof data;
  } catch {
    return [];
  }
  return Object.entries(data)
    .filter(([, o]) => typeof o?.text === 'string')
    .sort(([, a], [, b]) => Number(a.order) - Number(b.order))
    .map(([key, o]) => ({ key, text: o.text as string }));
}

type FieldData = Record<string, unknown>;

/** field_data for a new List of options field from its options' texts, one per line or comma. */
export function selectFieldData(texts: string): FieldData {
  const options = [
    ...new Set(
      texts
        .split(/[\n,]/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  return Object.fromEntries(options.map((text, i) => [String(i), { text, order: String(i) }]));
}

/** field_data a new field of `type` is created with (sent JSON-encoded), when its type has any. */
export function newFieldData(type: number, options: string): FieldData | undefined {
  if (type === FIELD_TYPES.SELECT) return selectFieldData(options);
  if (type === FIELD_TYPES.EXTERNAL_ACCOUNT) return { subtype: 'github' };
  return undefined;
}

/** A Person picker's value: the JSON list of user ids it is stored as (an unreadable one is empty). */
export function personIds(value: string | undefined): number[] {
  try {
    const ids = JSON.parse(value ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}
