import { BadRequestError, isIntegerParam } from '@parley/common';

/**
 * Custom profile field types and the checks their definitions and values share: Zulip's
 * validators (zerver/lib/validator.py) with their exact messages, since clients show them.
 */
export const FieldType = {
  SHORT_TEXT: 1,
  LONG_TEXT: 2,
  SELECT: 3,
  DATE: 4,
  URL: 5,
  USER: 6,
  EXTERNAL_ACCOUNT: 7,
  PRONOUNS: 8,
} as const;

/** POST /register's custom_profile_field_types: Zulip's keyword, ID and name of each type. */
const TYPE_NAMES: [keyword: string, id: number, name: string][] = [
  ['SHORT_TEXT', 1, 'Short text'],
  ['LONG_TEXT', 2, 'Long text'],
  ['SELECT', 3, 'List of options'],
  ['DATE', 4, 'Date picker'],
  ['URL', 5, 'Link'],
  ['USER', 6, 'Person picker'],
  ['EXTERNAL_ACCOUNT', 7, 'External account'],
  ['PRONOUNS', 8, 'Pronouns'],
];

export function customProfileFieldTypes(): Record<string, { id: number; name: string }> {
  return Object.fromEntries(TYPE_NAMES.map(([keyword, id, name]) => [keyword, { id, name }]));
}

export const isFieldType = (type: number): boolean => TYPE_NAMES.some(([, id]) => id === type);

/** The types whose values are rendered as Markdown (rendered_value). */
export const isRenderable = (type: number): boolean => type === FieldType.SHORT_TEXT || type === FieldType.LONG_TEXT;

export const NAME_MAX_LENGTH = 40;
export const HINT_MAX_LENGTH = 80;
export const MAX_SUMMARY_FIELDS = 2;

export interface ExternalAccount {
  text: string;
  url_pattern: string;
  name: string;
  hint: string;
}

/**
 * Zulip 11's default external accounts: a field of one of these subtypes takes its name and
 * hint from here. POST /register's realm_default_external_accounts lists them.
 */
export const DEFAULT_EXTERNAL_ACCOUNTS: Readonly<Record<string, ExternalAccount>> = Object.freeze({
  twitter: { text: 'Twitter', url_pattern: 'https://twitter.com/%(username)s', name: 'Twitter username', hint: '' },
  github: { text: 'GitHub', url_pattern: 'https://github.com/%(username)s', name: 'GitHub username', hint: '' },
});

/** Python's len(): code points, not UTF-16 units. */
export const lengthOf = (s: string): number => [...s].length;

type Validator<T> = (varName: string, value: unknown) => T;

const isDict = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const checkString: Validator<string> = (varName, value) => {
  if (typeof value !== 'string') throw new BadRequestError(`${varName} is not a string`);
  return value;
};

export const checkRequiredString: Validator<string> = (varName, value) => {
  const s = checkString(varName, value);
  if (!s.trim()) throw new BadRequestError(`${varName} cannot be blank.`);
  return s;
};

export const checkInt: Validator<number> = (varName, value) => {
  if (!isIntegerParam(value)) throw new BadRequestError(`${varName} is not an integer`);
  return value;
};

export const checkIntList: Validator<number[]> = (varName, value) => {
  if (!Array.isArray(value)) throw new BadRequestError(`${varName} is not a list`);
  value.forEach((item, i) => checkInt(`${varName}[${i}]`, item));
  return value as number[];
};

export const checkCappedString =
  (max: number): Validator<string> =>
  (varName, value) => {
    const s = checkString(varName, value);
    if (lengthOf(s) > max) throw new BadRequestError(`${varName} is too long (limit: ${max} characters)`);
    return s;
  };

export const checkUnion =
  (validators: Validator<unknown>[]): Validator<unknown> =>
  (varName, value) => {
    for (const validate of validators) {
      try {
        return validate(varName, value);
      } catch {
        // Try the next type.
      }
    }
    throw new BadRequestError(`${varName} is not an allowed_type`);
  };

/** check_dict_only: exactly the required keys, and perhaps the optional ones. */
export function checkDictOnly(varName: string, value: unknown, required: Record<string, Validator<unknown>>, optional: Record<string, Validator<unknown>> = {}): Record<string, unknown> {
  if (!isDict(value)) throw new BadRequestError(`${varName} is not a dict`);
  for (const [key, validate] of Object.entries(required)) {
    if (!Object.hasOwn(value, key)) throw new BadRequestError(`${key} key is missing from ${varName}`);
    validate(`${varName}["${key}"]`, value[key]);
  }
  for (const [key, validate] of Object.entries(optional)) {
    if (Object.hasOwn(value, key)) validate(`${varName}["${key}"]`, value[key]);
  }
  const unexpected = Object.keys(value).filter((k) => !Object.hasOwn(required, k) && !Object.hasOwn(optional, k));
  if (unexpected.length) throw new BadRequestError(`Unexpected arguments: ${unexpected.join(', ')}`);
  return value;
}

/** Date picker values: an existing calendar date written YYYY-MM-DD. */
export const checkDate: Validator<string> = (varName, value) => {
  const s = checkString(varName, value);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  const valid = year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!valid) throw new BadRequestError(`${varName} is not a date`);
  return s;
};

// Django's URLValidator, which Zulip uses: http(s)/ftp(s), a host name with a top-level
// domain, localhost or an IP address, an optional port, no whitespace, at most 2048 characters.
const UL = 'a-z\\u00a1-\\uffff';
const HOST = `[${UL}0-9](?:[${UL}0-9-]{0,61}[${UL}0-9])?(?:\\.(?!-)[${UL}0-9-]{1,63}(?<!-))*` + `\\.(?!-)(?:[${UL}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost`;
const OCTET = '(?:0|25[0-5]|2[0-4]\\d|1\\d?\\d?|[1-9]\\d?)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const IPV6 = '\\[[0-9a-f:.]+\\]';
const URL_PATTERN = new RegExp(`^(?:https?|ftps?)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:${IPV4}|${IPV6}|${HOST})(?::\\d{1,5})?(?:[/?#]\\S*)?$`, 'i');

export const checkUrl: Validator<string> = (varName, value) => {
  const s = checkString(varName, value);
  if (s.length > 2048 || !URL_PATTERN.test(s)) throw new BadRequestError(`${varName} is not a URL`);
  return s;
};

const checkExternalUrlPattern: Validator<string> = (varName, value) => {
  const s = checkString(varName, value);
  if (s.split('%(username)s').length !== 2) throw new BadRequestError("URL pattern must contain '%(username)s'.");
  checkUrl(varName, s.replace('%(username)s', 'username'));
  return s;
};

export type FieldData = Record<string, unknown>;

/**
 * The `field_data` parameter: a JSON dict whose values are strings or dicts of strings
 * (Zulip's ProfileFieldData). What each type makes of it is checked by checkFieldData.
 */
export function parseFieldData(raw: string): FieldData {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadRequestError('Argument "field_data" is not valid JSON.');
  }
  if (!isDict(value)) throw new BadRequestError('field_data is not a dict');
  const allowed = (v: unknown) => typeof v === 'string' || (isDict(v) && Object.values(v).every((x) => typeof x === 'string'));
  if (!Object.values(value).every(allowed)) throw new BadRequestError('field_data contains a value that is not an allowed_type');
  return value;
}

/** A List of options field's options: `{"<key>": {text, order}}`, at least one, distinct texts. */
function checkSelectOptions(data: FieldData): void {
  if (Object.keys(data).length < 1) throw new BadRequestError('Field must have at least one choice.');
  const texts = new Set<unknown>();
  for (const [key, option] of Object.entries(data)) {
    if (!key.trim()) throw new BadRequestError("'value' cannot be blank.");
    texts.add(checkDictOnly('field_data', option, { text: checkRequiredString, order: checkRequiredString }).text);
  }
  if (texts.size !== Object.keys(data).length) throw new BadRequestError('Field must not have duplicate choices.');
}

/** An External account field's `{subtype, url_pattern?}`: a default subtype, or `custom` with a pattern. */
function checkExternalAccount(data: FieldData): void {
  checkDictOnly('field_data', data, { subtype: checkRequiredString }, { url_pattern: checkExternalUrlPattern });
  const subtype = data.subtype as string;
  if (subtype === 'custom') {
    if (!Object.hasOwn(data, 'url_pattern')) throw new BadRequestError('Custom external account must define URL pattern');
  } else if (!Object.hasOwn(DEFAULT_EXTERNAL_ACCOUNTS, subtype)) {
    throw new BadRequestError('Invalid external account type');
  }
}

/** Checks field_data for the types that use it (List of options, External account). */
export function checkFieldData(type: number, data: FieldData): void {
  if (type === FieldType.SELECT) checkSelectOptions(data);
  else if (type === FieldType.EXTERNAL_ACCOUNT) checkExternalAccount(data);
}

/** Precondition: checkFieldData passed. A field of a default subtype takes its name and hint from it. */
export const defaultExternalAccount = (type: number, data: FieldData): ExternalAccount | undefined =>
  type === FieldType.EXTERNAL_ACCOUNT && data.subtype !== 'custom' ? DEFAULT_EXTERNAL_ACCOUNTS[data.subtype as string] : undefined;

/** The field_data text a field stores and clients receive: '' for the types without any. */
export function fieldDataText(type: number, data: FieldData): string {
  if (defaultExternalAccount(type, data)) return JSON.stringify({ subtype: data.subtype });
  return type === FieldType.SELECT || type === FieldType.EXTERNAL_ACCOUNT ? JSON.stringify(data) : '';
}
