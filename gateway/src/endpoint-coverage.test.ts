// docs/api.md lists every operation of Zulip's reference with what Parley does with it; this
// keeps it true against the route table and the gateway's own file routes, both ways.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { isFileRequest } from './app';
import { routes, type Route } from '@parley/common/api';
import { parseDecl } from './params';

const ROOT = path.resolve(__dirname, '../..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

type ReferenceParam = { $ref?: string; name?: string; in?: string; schema?: { type?: string } };
/** A path of the reference: its operations by method, and parameters shared by them. */
type PathItem = Record<string, { parameters?: ReferenceParam[] }>;
type Doc = { paths: Record<string, PathItem>; components: { parameters: Record<string, ReferenceParam> } };

/**
 * An operation with each path parameter reduced to its type, `{int}` or `{string}`: Zulip's
 * `GET /users/{user_id}` and `GET /users/{email}` are two operations, so a route answers one
 * only when its path parameters take the same types (the router's `int` takes digits only).
 */
const shape = (method: string, template: string, typeOf: (name: string) => 'int' | 'string') =>
  `${method.toUpperCase()} ${template.replace(/\{([^}]+)\}|:([a-z_]+)\*?/g, (_m, braced?: string, colon?: string) => `{${typeOf((braced ?? colon)!)}}`)}`;

const doc = YAML.parse(fs.readFileSync(path.join(ROOT, 'test/reference/zulip-openapi.yaml'), 'utf8')) as Doc;

/**
 * Where the reference types a path parameter otherwise than Zulip's URL pattern matches it, the
 * server wins: `realm_id_str` is `<realm_id_str>` (any segment) in Zulip's zproject/urls.py,
 * though the reference says integer.
 */
const SERVER_PATH_TYPES: Record<string, 'int' | 'string'> = { 'GET /user_uploads/{realm_id_str}/{filename} realm_id_str': 'string' };

/** The reference's path parameters of one operation (its own and its path's), by name: integer or not. */
function referenceParamType(template: string, method: string): (name: string) => 'int' | 'string' {
  const item = doc.paths[template];
  const shared = (item.parameters as ReferenceParam[] | undefined) ?? [];
  const resolved = [...shared, ...(item[method].parameters ?? [])].map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!] : p));
  return (name) => {
    const corrected = SERVER_PATH_TYPES[`${method.toUpperCase()} ${template} ${name}`];
    if (corrected) return corrected;
    const param = resolved.find((p) => p.in === 'path' && p.name === name);
    if (!param) throw new Error(`${method.toUpperCase()} ${template}: path parameter ${name} is not declared in the reference`);
    return param.schema?.type === 'integer' ? 'int' : 'string';
  };
}

/** A route's path parameters by name: `int` as the router matches them, every other type a string. */
const routeParamType = (route: Route) => (name: string) => (parseDecl(route.params[name]).type === 'int' ? 'int' : 'string');

function referenceOperations(): string[] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.keys(item)
      .filter((m) => METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${p}`),
  );
}

/** The rows of the page's operation-by-operation section: the operation and what it says of it. */
function documentedRows(): Map<string, string> {
  const rows = new Map<string, string>();
  const page = fs.readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
  const start = page.indexOf('\n## Every operation of the reference\n');
  if (start < 0) throw new Error('docs/api.md has no "Every operation of the reference" section');
  for (const line of page.slice(start).split('\n')) {
    const m = /^\| `([A-Z]+ [^`]+)` \|[^|]*\| (.+) \|$/.exec(line);
    if (!m) continue;
    if (rows.has(m[1])) throw new Error(`docs/api.md lists ${m[1]} twice`);
    rows.set(m[1], m[2]);
  }
  return rows;
}

/** Whether Parley answers the operation: a route of the table, or a file the gateway streams itself. */
function answered(op: string): boolean {
  const [method, template] = op.split(' ') as [string, string];
  const wanted = shape(method, template, referenceParamType(template, method.toLowerCase()));
  if (routes.some((r) => shape(r.method, r.path, routeParamType(r)) === wanted)) return true;
  return isFileRequest(method, `/api/v1${template.replace(/\{[^}]+\}/g, 'x')}`);
}

const reference = referenceOperations();
const rows = documentedRows();

describe('docs/api.md, the operation-by-operation coverage', () => {
  it("has one row for each of the reference's operations, and no other", () => {
    expect(reference.length).toBeGreaterThan(100);
    expect([...rows.keys()].sort()).toEqual([...reference].sort());
  });

  it.each(reference)('%s: "served" exactly when Parley answers it, otherwise a reason', (op) => {
    const status = rows.get(op) ?? '';
    if (answered(op)) expect(status).toMatch(/^served\b/);
    else expect(status).toMatch(/^(not yet|excluded): \S/);
  });
});
