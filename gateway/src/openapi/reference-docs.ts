// The documentation of the routes Zulip documents, read from Zulip's reference
// (test/reference/zulip-openapi.yaml) by `npm run build` (write-route-docs.ts): for each route,
// the operation's operationId, summary and first tag; the first paragraph of its description
// and of each of the route's parameters (path, query and form body, `$ref`s followed), one line
// each, links mended; and the highest feature level the operation mentions anywhere, its
// parameters and responses included (examples aside). route-doc-overrides.ts corrects the rest.
import type { RouteDoc } from './route-doc';

type Json = Record<string, unknown>;

/** What the extractor needs of a route: its key (`GET /users/{user_id}`) and parameter names. */
export interface RouteOfReference {
  key: string;
  params: readonly string[];
}

/** A correction to what the reference gives a route: fields replaced, params merged (undefined removes one). */
export interface RouteDocOverride {
  /** Why the reference's text is not used as it is: one line. */
  reason: string;
  doc?: Partial<Omit<RouteDoc, 'params'>>;
  params?: Record<string, string | undefined>;
}

/** Follows a local `$ref` (`#/components/...`), once or as often as it takes. */
function deref(root: Json, node: unknown): unknown {
  let out = node;
  const seen = new Set<string>();
  while (typeof out === 'object' && out !== null && typeof (out as Json).$ref === 'string') {
    const ref = (out as Json).$ref as string;
    if (seen.has(ref)) break;
    seen.add(ref);
    out = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((n, k) => (n as Json | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], root);
  }
  return out;
}

/**
 * Zulip's reference (as kept in test/reference/) writes its links to zulip.com without a scheme
 * and without their closing parenthesis: `[role](zulip.com/help/user-roles, and`. The link is
 * given back both: `[role](https://zulip.com/help/user-roles), and`.
 */
export function fixLinks(text: string): string {
  return text.replace(/\]\(zulip\.com(\/[^\s()]*?)(\)|(?=[.,;:!?]*(?:\s|$)))/g, (_m, path: string) => `](https://zulip.com${path})`);
}

/** A link target as the docs give it: the reference's site-relative paths made absolute. */
function absolute(url: string): string {
  if (url.startsWith('/')) return `https://zulip.com${url}`;
  if (url.startsWith('zulip.com/')) return `https://${url}`;
  return url;
}

/**
 * Reference-style links (`[alert words][alert-words]`, defined by a line
 * `[alert-words]: /help/...` of the same description) written inline.
 */
export function inlineReferenceLinks(text: string): string {
  const targets = new Map<string, string>();
  for (const m of text.matchAll(/^[ \t]*\[([^\]]+)\]:[ \t]*(\S+)[ \t]*$/gm)) targets.set(m[1].toLowerCase(), absolute(m[2]));
  if (targets.size === 0) return text;
  return text.replace(/\[([^\]]+)\]\[([^\]]*)\]/g, (whole, label: string, ref: string) => {
    const url = targets.get((ref || label).toLowerCase());
    return url ? `[${label}](${url})` : whole;
  });
}

/** A description's text as the docs give it: links fixed, lines joined into one paragraph. */
export function paragraph(text: string): string {
  return fixLinks(text)
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** The first paragraph of a Markdown description. */
export function firstParagraph(text: string): string {
  return paragraph(
    inlineReferenceLinks(text)
      .trim()
      .split(/\n\s*\n/)[0] ?? '',
  );
}

/** Every "feature level N" a text mentions, the highest one (0: none). */
export function highestFeatureLevel(text: string): number {
  let max = 0;
  for (const m of text.matchAll(/feature levels? (\d+)/gi)) max = Math.max(max, Number(m[1]));
  return max;
}

/** The texts of a node and of everything it refers to, `$ref`s followed (each once). */
function textsUnder(root: Json, node: unknown, seen = new Set<unknown>(), out: string[] = []): string[] {
  const here = deref(root, node);
  if (typeof here === 'string') {
    out.push(here);
    return out;
  }
  if (typeof here !== 'object' || here === null || seen.has(here)) return out;
  seen.add(here);
  for (const [k, v] of Object.entries(here as Json)) if (k !== 'example' && k !== 'examples') textsUnder(root, v, seen, out);
  return out;
}

/** `GET /users/{user_id}` → the reference's operation, or undefined. */
function operationOf(reference: Json, key: string): Json | undefined {
  const [method, path] = key.split(' ');
  const item = (reference.paths as Json | undefined)?.[path] as Json | undefined;
  const op = item?.[method.toLowerCase()];
  return typeof op === 'object' && op !== null ? (op as Json) : undefined;
}

/** The descriptions of an operation's parameters, by name: query, path and form body. */
function paramDescriptions(reference: Json, op: Json): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of (op.parameters as unknown[] | undefined) ?? []) {
    const param = deref(reference, p) as Json;
    if (typeof param.name === 'string' && typeof param.description === 'string') out[param.name] = param.description;
  }
  const body = deref(reference, op.requestBody) as Json | undefined;
  for (const media of Object.values((body?.content as Json | undefined) ?? {})) {
    const schema = deref(reference, (media as Json).schema) as Json | undefined;
    for (const [name, prop] of Object.entries((schema?.properties as Json | undefined) ?? {})) {
      const description = (deref(reference, prop) as Json).description;
      if (typeof description === 'string' && out[name] === undefined) out[name] = description;
    }
  }
  return out;
}

/** One route's documentation from Zulip's reference, or undefined when the reference has no such operation. */
export function docFromReference(reference: Json, route: RouteOfReference): RouteDoc | undefined {
  const op = operationOf(reference, route.key);
  if (!op) return undefined;
  const described = paramDescriptions(reference, op);
  const params: Record<string, string> = {};
  for (const [name, text] of Object.entries(described)) if (route.params.includes(name)) params[name] = firstParagraph(text);
  const description = typeof op.description === 'string' ? firstParagraph(op.description) : '';
  return {
    operationId: String(op.operationId),
    summary: String(op.summary),
    ...(description ? { description } : {}),
    tag: String((op.tags as string[] | undefined)?.[0]),
    featureLevel: highestFeatureLevel(textsUnder(reference, op).join('\n')),
    params,
  };
}

/**
 * Every route's documentation from Zulip's reference, overrides applied. `problems` lists what
 * does not fit: a route the reference does not document, an override of a route not asked for.
 */
export function extractRouteDocs(
  reference: Json,
  routes: readonly RouteOfReference[],
  overrides: Readonly<Record<string, RouteDocOverride>> = {},
): { docs: Record<string, RouteDoc>; problems: string[] } {
  const docs: Record<string, RouteDoc> = {};
  const problems: string[] = [];
  for (const route of routes) {
    const found = docFromReference(reference, route);
    if (!found) {
      problems.push(`${route.key}: not in Zulip's reference (document it in parley-routes.ts)`);
      continue;
    }
    const override = overrides[route.key];
    if (!override) {
      docs[route.key] = found;
      continue;
    }
    const params = { ...found.params };
    for (const [name, text] of Object.entries(override.params ?? {})) {
      if (text === undefined) delete params[name];
      else params[name] = text;
    }
    docs[route.key] = { ...found, ...override.doc, params };
  }
  const asked = new Set(routes.map((r) => r.key));
  for (const key of Object.keys(overrides)) if (!asked.has(key)) problems.push(`${key}: an override of a route that is not documented from the reference`);
  return { docs, problems };
}
