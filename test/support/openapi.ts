// Contract checks: validate HTTP response bodies against Zulip's OpenAPI 3.0 description
// (test/reference/zulip-openapi.yaml, a copy of ../shared/reference/'s) and against Parley's own OpenAPI 3.1 description
// (gateway/src/openapi/, generated here from the same source the gateway serves). Zulip's
// schemas are turned into plain JSON Schema (see toJsonSchema) and compiled with Ajv; Parley's
// are JSON Schema 2020-12 already and are compiled in place with Ajv2020. One validator per
// (description, path template, method, status), cached for the life of the process.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { generateOpenApi } from '../../gateway/src/openapi/generate';

export interface ContractCheck {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

type Schema = Record<string, unknown>;

/** Zulip's reference, kept with the tests (test/reference/README.md). */
export const SPEC_FILE = path.resolve(__dirname, '../reference/zulip-openapi.yaml');

/**
 * Fields admitted wherever a schema says additionalProperties: false: the ones Zulip's server
 * may put in any such object. Anything else a response adds must be admitted where it
 * belongs, by a correction of that schema (REFERENCE_CORRECTIONS), so that a field leaking
 * into another response is still caught.
 */
const ADDITION_SCHEMAS: Readonly<Record<string, Schema>> = {
  // Every success since feature level 167 (JsonSuccessBase), nested or not.
  ignored_parameters_unsupported: { type: 'array', items: { type: 'string' } },
  // The reference's POST /messages says the sender's queue gets local_id back in the message
  // event; Zulip sends it as local_message_id, which the event's schema omits.
  local_message_id: { type: 'string' },
};

/**
 * Errors any endpoint may give, documented once by Zulip (by code) rather than per endpoint:
 * an error body that fails the endpoint's own 4xx schema passes if it fits its code's schema.
 */
const ERROR_SCHEMAS_BY_CODE: Readonly<Record<string, string>> = {
  REQUEST_VARIABLE_MISSING: 'MissingArgumentError',
  BAD_EVENT_QUEUE_ID: 'BadEventQueueIdError',
  INVALID_API_KEY: 'InvalidApiKeyError',
  USER_DEACTIVATED: 'UserDeactivatedError',
  REALM_DEACTIVATED: 'RealmDeactivatedError',
  RATE_LIMIT_HIT: 'RateLimitedError',
  STREAM_DOES_NOT_EXIST: 'NonExistingChannelIdError',
};
/** Field names Parley adds to Zulip's responses; admitted where a schema says additionalProperties: false. */
export const PARLEY_ADDITIONS: readonly string[] = Object.freeze(Object.keys(ADDITION_SCHEMAS));

/** OpenAPI-only keywords that mean nothing to a validator. */
const DROPPED = new Set(['example', 'examples', 'deprecated', 'description', 'title', 'xml', 'externalDocs', 'discriminator', 'readOnly', 'writeOnly', 'nullable']);
const MAX_REF_DEPTH = 64; // the file has no $ref cycles today; this keeps a future one finite

/**
 * Where the reference contradicts what Zulip's server sends, the server wins, and where the
 * project's spec asks for more, the spec wins: each correction names the schema it changes, to
 * what, and why (where in Zulip's source, or in the spec). Kept few and exact, so the
 * reference itself stays a byte-for-byte copy, and each admits a field only where it belongs.
 */
const REFERENCE_CORRECTIONS: readonly { path: string[]; apply: (was: Schema) => Schema; why: string }[] = [
  {
    path: ['components', 'schemas', 'register_queue_200_response', 'allOf', '1', 'properties', 'reminders', 'items'],
    apply: () => ({ $ref: '#/components/schemas/Reminder' }),
    why: "register's reminders are get_undelivered_reminders' to_reminder_dict() objects (zerver/actions/scheduled_messages.py), not ScheduledMessage",
  },
  ...['register_queue_200_response', 'get_server_settings_200_response'].map((name) => ({
    path: ['components', 'schemas', name, 'allOf', '1', 'properties'],
    apply: (was: Schema) => ({ ...was, service_feature_level: { type: 'integer' } }),
    why: 'the spec (../shared/spec/api-spec.md, Versioning) names the feature level service_feature_level in POST /register and GET /server_settings, and wins over the reference: Parley publishes both names there, and nowhere else',
  })),
  {
    path: ['components', 'schemas', 'get_own_user_200_response', 'allOf', '1'],
    apply: (was: Schema) => ({
      ...was,
      properties: { ...(was.properties as Schema), bot_type: { type: ['integer', 'null'] }, bot_owner_id: { type: ['integer', 'null'] } },
      if: { properties: { is_bot: { const: true } }, required: ['is_bot'] },
      else: { not: { anyOf: [{ required: ['bot_type'] }, { required: ['bot_owner_id'] }] } },
    }),
    why: "Zulip's format_user_row (zerver/lib/users.py) gives a bot's GET /users/me bot_type and bot_owner_id, which the own-user schema omits; a person's has neither",
  },
];

let spec: Schema | undefined;
function loadSpec(): Schema {
  if (spec) return spec;
  spec = YAML.parse(fs.readFileSync(SPEC_FILE, 'utf8')) as Schema;
  for (const { path: at, apply, why } of REFERENCE_CORRECTIONS) {
    let node: unknown = spec;
    for (const key of at.slice(0, -1)) node = isObj(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    const key = at[at.length - 1];
    const parent = node as Record<string, unknown>;
    if (!(isObj(node) || Array.isArray(node)) || !isObj(parent[key])) throw new Error(`reference correction no longer applies (${why}): ${at.join('.')}`);
    parent[key] = apply(parent[key]);
  }
  return spec;
}

const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Follows a local JSON pointer such as `#/components/responses/SimpleSuccess`. */
function resolveRef(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  let node: unknown = loadSpec();
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(node) || !(key in node)) throw new Error(`dangling $ref ${ref}`);
    node = node[key];
  }
  return node;
}

const refCache = new Map<string, Schema>();

/** OpenAPI 3.0 schema object -> self-contained JSON Schema (draft 7 subset understood by Ajv). */
function toJsonSchema(node: unknown, depth = 0): Schema {
  if (!isObj(node) || depth > MAX_REF_DEPTH) return {};
  if (typeof node.$ref === 'string') {
    // $ref siblings are ignored in OpenAPI 3.0. Converted components are shared (never mutated).
    const cached = refCache.get(node.$ref);
    if (cached) return cached;
    const converted = toJsonSchema(resolveRef(node.$ref), depth + 1);
    refCache.set(node.$ref, converted);
    return converted;
  }
  let out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || key.startsWith('x-')) continue;
    if (key === 'properties' && isObj(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v, depth + 1)]));
    } else if (key === 'items' || key === 'not' || (key === 'additionalProperties' && isObj(value))) {
      out[key] = toJsonSchema(value, depth + 1);
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      const branches = asArray(value).map((b) => toJsonSchema(b, depth + 1));
      // Zulip's file contains an empty `anyOf: []`, which is not a valid JSON Schema.
      // oneOf becomes anyOf: once allOf branches are merged, several alternatives of a
      // response (e.g. the error schemas of a 400, or `{}`-like branches) can match the same
      // body, and oneOf would then reject a body that the documentation clearly allows.
      if (branches.length > 0) out[key === 'oneOf' ? 'anyOf' : key] = branches;
    } else {
      out[key] = value;
    }
  }
  if (Array.isArray(out.allOf)) {
    const { allOf, ...own } = out;
    out = mergeSchemas([own, ...(allOf as Schema[])]);
  }
  if (node.nullable === true) out = allowNull(out);
  if (out.additionalProperties === false) out = withAdditions(out);
  return out;
}

/** `nullable: true` -> null is also accepted. */
function allowNull(s: Schema): Schema {
  if (s.anyOf || s.allOf || s.not) return { anyOf: [{ type: 'null' }, s] };
  const out = { ...s };
  if (out.type !== undefined && !asArray(out.type).includes('null')) out.type = [...asArray(out.type), 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

/** Where additionalProperties is false, Parley's documented extra fields are admitted too. */
function withAdditions(s: Schema): Schema {
  const properties = { ...(isObj(s.properties) ? s.properties : {}) };
  for (const [name, schema] of Object.entries(ADDITION_SCHEMAS)) properties[name] ??= schema;
  return { ...s, properties };
}

/**
 * Merges allOf branches (already converted) into one schema: properties and required are
 * unioned (a property given by several branches is merged recursively); additionalProperties
 * is false if any part says so, so that false admits the properties of *all* branches instead
 * of rejecting the fields the other branches declare, which is what Zulip means by
 * `allOf: [{$ref: JsonSuccessBase}, {additionalProperties: false, properties: {...}}]`.
 * type and enum are intersected; other conflicting keywords are kept side by side in an allOf.
 */
function mergeSchemas(parts: Schema[]): Schema {
  const out: Schema = {};
  const rest: Schema[] = [];
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const cur = out[key];
      if (cur === undefined) {
        out[key] = value;
        continue;
      }
      if (key === 'properties' && isObj(cur) && isObj(value)) {
        const props: Schema = { ...cur };
        for (const [k, v] of Object.entries(value)) props[k] = k in props ? mergeSchemas([props[k] as Schema, v as Schema]) : v;
        out.properties = props;
      } else if (key === 'required') {
        out.required = [...new Set([...asArray(cur), ...asArray(value)])];
      } else if (key === 'additionalProperties') {
        out.additionalProperties = cur === false || value === false ? false : cur === true ? value : cur;
      } else if (key === 'items' && isObj(cur) && isObj(value)) {
        out.items = mergeSchemas([cur, value]);
      } else if (key === 'type') {
        const both = asArray(cur).filter((t) => asArray(value).includes(t));
        out.type = both.length === 1 ? both[0] : both; // [] never validates: a contradiction in the file
      } else if (key === 'enum' && Array.isArray(cur) && Array.isArray(value)) {
        out.enum = cur.filter((a) => value.some((b) => same(a, b)));
      } else if (!same(cur, value)) {
        rest.push({ [key]: value });
      }
    }
  }
  if (rest.length > 0) out.allOf = rest;
  return out;
}

let ajv: Ajv | undefined;
function getAjv(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('binary', true); // OpenAPI's file-content marker, not a string format
  }
  return ajv;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Splits `/api/v1/users/12?x=1` into ['users', '12']. */
function segmentsOf(requestPath: string): string[] {
  const bare = requestPath.split(/[?#]/)[0] ?? '';
  const segs = bare
    .split('/')
    .filter((s) => s !== '')
    .map(decodeSegment);
  return segs[0] === 'api' && segs[1] === 'v1' ? segs.slice(2) : segs;
}

/** Ranks a template against the request's segments; undefined when it does not match. */
function matchScore(template: string, requestSegs: string[]): number[] | undefined {
  const parts = template.split('/').filter((s) => s !== '');
  // A trailing {filename} takes the rest of the path: the reference's own example of
  // /user_uploads/{realm_id_str}/{filename} is `4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip.txt`. So does a
  // navigation view's {fragment} (`narrow/is/alerted`, Zulip's <path:fragment>).
  const rest = ['{filename}', '{fragment}'].includes(parts[parts.length - 1] ?? '');
  const segs = rest && requestSegs.length > parts.length ? [...requestSegs.slice(0, parts.length - 1), requestSegs.slice(parts.length - 1).join('/')] : requestSegs;
  if (parts.length !== segs.length) return undefined;
  const score: number[] = [];
  for (const [i, part] of parts.entries()) {
    const seg = segs[i] ?? '';
    const param = /^\{(.+)\}$/.exec(part);
    if (!param) {
      if (part !== seg) return undefined;
      score.push(2); // a literal segment beats any template segment
    } else {
      // Tie-break `/users/{user_id}` vs `/users/{email}`: numbers go to *_id parameters.
      score.push(/^\d+$/.test(seg) === /id/.test(param[1] ?? '') ? 1 : 0);
    }
  }
  return score;
}

function compareScores(a: number[], b: number[]): number {
  const i = a.findIndex((n, j) => n !== b[j]);
  return i < 0 ? 0 : (a[i] ?? 0) - (b[i] ?? 0);
}

function findTemplate(segs: string[], method: string, paths = loadSpec().paths as Record<string, Schema>): string | undefined {
  let best: { template: string; score: number[] } | undefined;
  for (const [template, item] of Object.entries(paths)) {
    const score = matchScore(template, segs);
    if (!score || !isObj(item[method])) continue;
    if (!best || compareScores(score, best.score) > 0) best = { template, score };
  }
  return best?.template;
}

const validators = new Map<string, ValidateFunction | string>();

/** A compiled validator for one documented response, or the reason there is none. */
function validatorFor(method: string, requestPath: string, status: number): { key: string; validate: ValidateFunction | string } {
  const segs = segmentsOf(requestPath);
  const template = findTemplate(segs, method);
  if (!template) {
    const anyMethod = METHODS.some((m) => findTemplate(segs, m));
    const what = anyMethod ? `method ${method.toUpperCase()} on` : 'path';
    return { key: '', validate: `${what} /${segs.join('/')} is not documented in zulip-openapi.yaml` };
  }
  const op = (loadSpec().paths as Record<string, Schema>)[template][method] as Schema;
  const responses = isObj(op.responses) ? op.responses : {};
  const code = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'].find((c) => c in responses);
  const key = `${method.toUpperCase()} ${template} ${code ?? status}`;
  let validate = validators.get(key);
  if (validate === undefined) {
    let response = code === undefined ? undefined : responses[code];
    if (isObj(response) && typeof response.$ref === 'string') response = resolveRef(response.$ref);
    let content = isObj(response) && isObj(response.content) ? response.content['application/json'] : undefined;
    // Zulip documents the errors every endpoint can give (401 authentication, 429 rate limit,
    // 404, ...) once, not per endpoint: an undocumented error status must still be a coded
    // error envelope (CodedErrorBase, which admits code-specific extra fields).
    if (code === undefined && status >= 400) content = { schema: { $ref: '#/components/schemas/CodedErrorBase' } };
    if (code === undefined && status < 400) validate = `${method.toUpperCase()} ${template}: status ${status} is not documented`;
    else if (!isObj(content) || !content.schema) validate = `${key}: no application/json schema documented`;
    else {
      try {
        validate = getAjv().compile(toJsonSchema(content.schema));
      } catch (err) {
        validate = `${key}: the documented schema does not compile: ${(err as Error).message}`;
      }
    }
    validators.set(key, validate);
  }
  return { key, validate };
}

const codeValidators = new Map<string, ValidateFunction>();

function fitsErrorSchemaOfItsCode(body: unknown): boolean {
  const code = isObj(body) && typeof body.code === 'string' ? body.code : undefined;
  const name = code === undefined ? undefined : ERROR_SCHEMAS_BY_CODE[code];
  if (!name) return false;
  let validate = codeValidators.get(name);
  if (!validate) {
    validate = getAjv().compile(toJsonSchema({ $ref: `#/components/schemas/${name}` }));
    codeValidators.set(name, validate);
  }
  return validate(body);
}

/** Problems against both descriptions: Zulip's reference and Parley's own. */
export function allContractProblems(check: ContractCheck): string[] {
  return [...contractProblems(check), ...parleyContractProblems(check)];
}

// ---- Parley's own description ----

let parley: { doc: Schema; ajv: Ajv2020 } | undefined;
function loadParley(): { doc: Schema; ajv: Ajv2020 } {
  if (!parley) {
    const doc = generateOpenApi();
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(doc, 'parley');
    parley = { doc, ajv };
  }
  return parley;
}
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const parleyValidators = new Map<string, ValidateFunction | string>();

/** The JSON pointer (in Parley's description) of the schema of one response, or why there is none. */
function parleySchemaPointer(method: string, segs: string[], status: number): { key: string; ptr?: string; why?: string } {
  const { doc } = loadParley();
  const paths = doc.paths as Record<string, Schema>;
  const template = findTemplate(segs, method, paths);
  const op = template === undefined ? undefined : (paths[template][method] as Schema);
  const key = `parley: ${method.toUpperCase()} ${template ?? `/${segs.join('/')}`} ${status}`;
  const responses = isObj(op?.responses) ? op.responses : {};
  let ptr = String(status) in responses ? `#/${pointer('paths', template!, method, 'responses', String(status))}` : undefined;
  if (ptr === undefined) {
    // Errors every endpoint may give (403, 405, 413, 500, ...): the error envelope.
    if (status >= 400) return { key, ptr: '#/components/schemas/CodedError' };
    return { key, why: op ? `${key}: status not documented in Parley's description` : `${key}: not documented in Parley's description` };
  }
  let response = responses[String(status)];
  if (isObj(response) && typeof response.$ref === 'string') {
    ptr = response.$ref;
    response = (doc.components as Schema).responses && ((doc.components as Schema).responses as Schema)[response.$ref.split('/').pop()!];
  }
  const content = isObj(response) && isObj(response.content) ? response.content['application/json'] : undefined;
  if (!isObj(content)) return { key, why: `${key}: no application/json response documented` };
  return { key, ptr: `${ptr}/content/application~1json/schema` };
}

/** Problems of a body against Parley's own description (empty when it matches). */
export function parleyContractProblems(check: ContractCheck): string[] {
  const method = check.method.toLowerCase();
  const { key, ptr, why } = parleySchemaPointer(method, segmentsOf(check.path), check.status);
  if (why) return [why];
  let validate = parleyValidators.get(ptr!);
  if (validate === undefined) {
    try {
      validate = loadParley().ajv.compile({ $ref: `parley${ptr}` });
    } catch (err) {
      validate = `${key}: the schema does not compile: ${(err as Error).message}`;
    }
    parleyValidators.set(ptr!, validate);
  }
  if (typeof validate === 'string') return [validate];
  if (validate(check.body)) return [];
  return (validate.errors ?? []).slice(0, 20).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : e.keyword === 'const' ? ` (${JSON.stringify(e.params.allowedValue)})` : '';
    return `${key}: ${e.instancePath || '(body)'} ${e.message ?? e.keyword}${extra}`;
  });
}

/** Throws when the body breaks Parley's own description (for paths Zulip's does not document). */
export function assertMatchesParleyContract(check: ContractCheck): void {
  const problems = parleyContractProblems(check);
  if (problems.length > 0) {
    const body = JSON.stringify(check.body).slice(0, 500);
    throw new Error(`Response to ${check.method.toUpperCase()} ${check.path} (${check.status}) breaks Parley's description:\n  - ${problems.join('\n  - ')}\n  body: ${body}`);
  }
}

/** Problems of a body against Zulip's reference: human-readable, empty when it matches. */
export function contractProblems(check: ContractCheck): string[] {
  const { key, validate } = validatorFor(check.method.toLowerCase(), check.path, check.status);
  if (typeof validate === 'string') return [validate];
  if (validate(check.body)) return [];
  if (check.status >= 400 && fitsErrorSchemaOfItsCode(check.body)) return [];
  return (validate.errors ?? []).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : e.keyword === 'enum' ? ` (${JSON.stringify(e.params.allowedValues)})` : '';
    return `${key}: ${e.instancePath || '(body)'} ${e.message ?? e.keyword}${extra}`;
  });
}

/** Throws an Error listing the problems, if any. */
export function assertMatchesContract(check: ContractCheck): void {
  const problems = allContractProblems(check);
  if (problems.length > 0) {
    const body = JSON.stringify(check.body).slice(0, 500);
    throw new Error(
      `Response to ${check.method.toUpperCase()} ${check.path} (${check.status}) breaks the contract (Zulip's reference, then Parley's description):\n  - ${problems.join('\n  - ')}\n  body: ${body}`,
    );
  }
}
