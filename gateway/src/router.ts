import { isIntegerText } from '@parley/common';
import type { ParamDecl, Route } from '@parley/common/api';
import { parseDecl } from './params';

/**
 * Matches a method and path to a route. Literal segments win over parameters
 * (`/users/me` before `/users/:user_id`), then typed parameters over plain strings. Path
 * parameters match by their declared type, as Zulip's URL patterns do: an `int` takes digits
 * only and an `email` a segment with an `@` only, so `/users/42`, `/users/iago@zulip.com` and
 * `/users/me` are three routes, and `/users/abc` and `/users/-1` are none of them. An `int`
 * goes up to 2^53 (MAX_INTEGER_PARAM), where an ID names nothing but the route answers for
 * it, as for any unknown ID.
 */
export type Match = { kind: 'route'; route: Route; path: Record<string, number | string> } | { kind: 'method-not-allowed'; allowed: string[] } | { kind: 'none' };

/** What a parameter segment matches: digits (`int`), an address with an `@` (`email`), or anything. */
type SegmentKind = 'int' | 'email' | 'any';

interface Compiled {
  route: Route;
  segments: { literal?: string; param?: string; kind?: SegmentKind; rest?: boolean }[];
  literals: number;
  /** Parameter segments of a type narrower than any string (int, email). */
  typed: number;
}

function kindOf(decl: ParamDecl): SegmentKind {
  const { type } = parseDecl(decl);
  return type === 'int' ? 'int' : type === 'email' ? 'email' : 'any';
}

export class Router {
  /** The routes that may match a path, by its first segment (a literal one's, else all of them). */
  private readonly byFirst = new Map<string, Compiled[]>();
  private readonly anyFirst: Compiled[];

  constructor(routes: readonly Route[]) {
    const compiled = routes
      .map((route) => {
        const segments = route.path
          .split('/')
          .filter(Boolean)
          .map((seg) => {
            if (!seg.startsWith(':')) return { literal: seg };
            // `:name*`, last only: the rest of the path, slashes included (an upload's path_id).
            const rest = seg.endsWith('*');
            const name = seg.slice(1, rest ? -1 : undefined);
            const decl = route.params[name];
            if (!decl) throw new Error(`route ${route.method} ${route.path}: path parameter ${name} is not declared`);
            return { param: name, kind: kindOf(decl), rest };
          });
        return { route, segments, literals: segments.filter((s) => s.literal).length, typed: segments.filter((s) => s.kind === 'int' || s.kind === 'email').length };
      })
      .sort((a, b) => b.literals - a.literals || b.typed - a.typed);
    // Kept in the order above: routes whose first segment is a parameter stay beside every group.
    this.anyFirst = compiled.filter((c) => c.segments[0]?.literal === undefined);
    for (const c of compiled) {
      const first = c.segments[0]?.literal;
      if (first !== undefined && !this.byFirst.has(first)) {
        this.byFirst.set(
          first,
          compiled.filter((o) => o.segments[0]?.literal === first || o.segments[0]?.literal === undefined),
        );
      }
    }
  }

  match(method: string, path: string): Match {
    let parts: string[];
    try {
      parts = path.split('/').filter(Boolean).map(decodeURIComponent);
      // A NUL names no object (PostgreSQL text cannot hold it): no route, as for a bad escape.
      if (parts.some((p) => p.includes('\u0000'))) return { kind: 'none' };
    } catch {
      return { kind: 'none' }; // malformed percent-encoding names no route
    }
    const allowed: string[] = [];
    for (const c of this.byFirst.get(parts[0]) ?? this.anyFirst) {
      const params = matchSegments(c, parts);
      if (!params) continue;
      if (c.route.method === method) return { kind: 'route', route: c.route, path: params };
      allowed.push(c.route.method);
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'none' };
  }
}

function matchSegments(c: Compiled, parts: string[]): Record<string, number | string> | undefined {
  const last = c.segments[c.segments.length - 1];
  if (last?.rest ? parts.length < c.segments.length : parts.length !== c.segments.length) return undefined;
  const params: Record<string, number | string> = {};
  for (let i = 0; i < c.segments.length; i++) {
    const seg = c.segments[i];
    if (seg.rest) {
      params[seg.param!] = parts.slice(i).join('/');
      break;
    }
    if (seg.literal !== undefined) {
      if (seg.literal !== parts[i]) return undefined;
      continue;
    }
    const value = parts[i];
    if (seg.kind === 'int') {
      if (!/^\d+$/.test(value) || !isIntegerText(value)) return undefined;
      params[seg.param!] = Number(value);
    } else {
      // Every email address has an @ (the `user{id}@…` stand-in too); an ID or `me` has none.
      if (seg.kind === 'email' && !value.includes('@')) return undefined;
      params[seg.param!] = value;
    }
  }
  return params;
}
