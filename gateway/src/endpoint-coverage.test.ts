// docs/api.md lists every operation of Zulip's reference with what Parley does with it; this
// keeps it true against the route table and the gateway's own file routes, both ways.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { isFileRequest } from './app';
import { routes } from '@parley/common/api';

const ROOT = path.resolve(__dirname, '../..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** "GET /users/{user_id}" and "GET /users/:user_id" alike become "GET /users/{}". */
const shape = (method: string, template: string) => `${method.toUpperCase()} ${template.replace(/\{[^}]+\}|:[a-z_]+\*?/g, '{}')}`;

function referenceOperations(): string[] {
  const doc = YAML.parse(fs.readFileSync(path.join(ROOT, 'test/reference/zulip-openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
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
  if (routes.some((r) => shape(r.method, r.path) === shape(method, template))) return true;
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
