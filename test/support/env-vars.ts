import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Which environment variables the code reads, found by scanning the TypeScript sources
 * (services/*\/src, gateway/src; tests excluded), for the deployment tests: a variable a
 * process reads is one its container may need, and a variable a container sets that no
 * code reads is a typo. Recognised reads:
 * - `envString(env, 'NAME', …)`, `envInt(…)`, `envBool(…)`, `envUrl(…)`, `envOptional(…)`
 *   and any other call whose arguments start with `env` / `process.env` and a NAME literal;
 * - `process.env.NAME`, `env.NAME`, `env['NAME']` (not assignments to them);
 * - templates `${s.toUpperCase()}_SUFFIX` as such a call's name or `env[…]`, expanded
 *   for the five services.
 */
export const SERVICE_NAMES = ['users', 'channels', 'messages', 'uploads', 'events'] as const;

/** A process Parley deploys: the five services, the gateway, and the runner (all-in-one, manage, migrate). */
export type ParleyProcess = (typeof SERVICE_NAMES)[number] | 'gateway' | 'runner';
export const PROCESSES: readonly ParleyProcess[] = [...SERVICE_NAMES, 'gateway', 'runner'];

export interface EnvRead {
  name: string;
  /** The package whose source reads it: a service name, 'common', 'gateway' or 'runner'. */
  pkg: string;
  file: string;
  line: number;
  /** The function reading it (envString, envInt, …), or 'property' for `env.NAME`. */
  via: string;
  /** Read with envString and no fallback: start-up fails without it. */
  required: boolean;
  /** The template it came from (`<SERVICE>_GRPC_ADDR`) when it was one. */
  template?: string;
}

const NAME = '[A-Z][A-Z0-9_]*';
const CALL = new RegExp(`\\b([A-Za-z_]\\w*)\\(\\s*(?:process\\.)?env\\s*,\\s*(['"\`])(${NAME})\\2\\s*(,|\\))`, 'g');
const TEMPLATE = new RegExp(`(?:\\b([A-Za-z_]\\w*)\\(\\s*(?:process\\.)?env\\s*,\\s*|\\benv\\[\\s*)\`\\$\\{\\s*\\w+\\.toUpperCase\\(\\)\\s*\\}(_[A-Z0-9_]+)\``, 'g');
const PROPERTY = new RegExp(`\\b(?:process\\.)?env(?:\\.(${NAME})\\b|\\[\\s*['"](${NAME})['"]\\s*\\])(?!\\s*(?:\\?\\?|\\|\\||&&)?=(?!=))`, 'g');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'generated') out.push(...sourceFiles(path));
    } else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts') && !entry.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

/** The source folders scanned, by package. */
export function sourceRoots(root: string): Array<{ pkg: string; dir: string }> {
  const services = readdirSync(join(root, 'services')).filter((d) => statSync(join(root, 'services', d, 'src'), { throwIfNoEntry: false })?.isDirectory());
  return [...services.map((pkg) => ({ pkg, dir: join(root, 'services', pkg, 'src') })), { pkg: 'gateway', dir: join(root, 'gateway', 'src') }];
}

/** Every environment read in the given source text (one file of package `pkg`). */
export function scanSource(text: string, pkg: string, file = '<source>'): EnvRead[] {
  const reads: EnvRead[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith('//') || line.startsWith('*') || line.startsWith('/*')) return;
    const at = { pkg, file, line: i + 1 };
    for (const m of raw.matchAll(CALL)) {
      reads.push({ ...at, name: m[3], via: m[1], required: m[1] === 'envString' && m[4] === ')' });
    }
    for (const m of raw.matchAll(TEMPLATE)) {
      const template = `<SERVICE>${m[2]}`;
      for (const s of SERVICE_NAMES) {
        reads.push({ ...at, name: `${s.toUpperCase()}${m[2]}`, via: m[1] ?? 'property', required: false, template });
      }
    }
    for (const m of raw.matchAll(PROPERTY)) {
      reads.push({ ...at, name: m[1] ?? m[2], via: 'property', required: false });
    }
  });
  return reads;
}

/** Every environment read in the repository's sources (relative file paths). */
export function scanEnvReads(root: string): EnvRead[] {
  const reads: EnvRead[] = [];
  for (const { pkg, dir } of sourceRoots(root)) {
    for (const path of sourceFiles(dir)) {
      const file = relative(root, path).split(sep).join('/');
      reads.push(...scanSource(readFileSync(path, 'utf8'), pkg, file));
    }
  }
  return reads;
}

/** The packages whose code runs in a process: its own and the @parley packages it depends on. */
export function packagesOf(root: string, proc: ParleyProcess): string[] {
  const manifest = (pkg: string) => JSON.parse(readFileSync(join(root, pkg === 'gateway' ? 'gateway' : join('services', pkg), 'package.json'), 'utf8'));
  const seen = new Set<string>();
  const visit = (pkg: string) => {
    if (seen.has(pkg)) return;
    seen.add(pkg);
    for (const dep of Object.keys(manifest(pkg).dependencies ?? {})) {
      if (dep.startsWith('@parley/')) visit(dep.slice('@parley/'.length));
    }
  };
  visit(proc);
  return [...seen];
}

/** The variables a process may read (its packages' reads; templates expanded for every service). */
export function envVarsReadBy(root: string, reads: EnvRead[], proc: ParleyProcess): Set<string> {
  const pkgs = new Set(packagesOf(root, proc));
  return new Set(reads.filter((r) => pkgs.has(r.pkg)).map((r) => r.name));
}

/** Per process, the variables it reads, for reports: { users: ['DATABASE_URL', …], … }. */
export function envReport(root: string, reads = scanEnvReads(root)): Record<ParleyProcess, string[]> {
  const out = {} as Record<ParleyProcess, string[]>;
  for (const p of PROCESSES) out[p] = [...envVarsReadBy(root, reads, p)].sort();
  return out;
}

/**
 * What a process needs from its deployment although the code has a default: the defaults
 * are for one machine (loopback addresses, in-process bus, embedded database), not for
 * containers. `migrate` is deploy/migrate.mjs (the runner's packages).
 */
export function deploymentNeeds(proc: ParleyProcess | 'migrate'): string[] {
  const dial = SERVICE_NAMES.map((s) => `${s.toUpperCase()}_GRPC_ADDR`);
  if (proc === 'migrate' || proc === 'runner') return ['PARLEY_SECRET', 'DATABASE_URL'];
  // The gateway counts rate limits in Redis, so they hold across its replicas.
  if (proc === 'gateway') return ['PARLEY_SECRET', 'NATS_URL', ...dial, 'UPLOADS_HTTP_ADDR', 'PORT', 'HOST', 'EXTERNAL_HOST', 'REDIS_URL'];
  const needs = ['PARLEY_SECRET', 'NATS_URL', ...dial, `${proc.toUpperCase()}_HEALTH_PORT`, 'HEALTH_HOST'];
  if (proc !== 'events') needs.push('DATABASE_URL');
  if (proc === 'users' || proc === 'events') needs.push('REDIS_URL');
  if (proc === 'users') needs.push('EXTERNAL_HOST');
  if (proc === 'uploads') needs.push('UPLOADS_HTTP_ADDR', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY');
  return needs;
}

/** Variables a container may set that Parley's code does not read itself (read by the OpenTelemetry SDK, Node, or used in other values). */
export const EXTERNAL_ENV = new Set(['NODE_ENV', 'OTEL_RESOURCE_ATTRIBUTES', 'POD_NAME', 'POD_NAMESPACE', 'PARLEY_SERVICE']);
