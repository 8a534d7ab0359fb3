import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParleyProcess } from './env-vars';

/** Reading deploy/ for the deployment tests: the Dockerfile, the entrypoint, image references. */
export const ROOT = join(__dirname, '..', '..');

export interface Instruction {
  cmd: string;
  args: string;
  line: number;
}

/** The Dockerfile's instructions (continuations joined, comments dropped, ARG defaults substituted). */
export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  const args = new Map<string, string>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i];
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) line = `${line.slice(0, -1)} ${lines[++i].trim()}`;
    const m = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`Dockerfile line ${start + 1}: cannot parse '${line}'`);
    const cmd = m[1].toUpperCase();
    let rest = m[2].trim();
    if (cmd === 'ARG') {
      const [name, value] = rest.split('=', 2);
      if (value !== undefined) args.set(name, value);
    }
    if (cmd === 'FROM') rest = rest.replace(/\$\{?(\w+)\}?/g, (all, name: string) => args.get(name) ?? all);
    out.push({ cmd, args: rest, line: start + 1 });
  }
  return out;
}

/** An instruction's exec form (`["a","b"]`) as an array. */
export function execForm(ins: Instruction): string[] {
  const parsed: unknown = JSON.parse(ins.args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) throw new Error(`${ins.cmd} at line ${ins.line} is not in exec form`);
  return parsed;
}

/** COPY's options, sources and destination. */
export function parseCopy(ins: Instruction): { from?: string; sources: string[]; dest: string } {
  const words = ins.args.split(/\s+/);
  const opts = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = opts.find((o) => o.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), dest: paths[paths.length - 1] };
}

/** The processes deploy/docker-entrypoint.sh starts: name → the script `node` runs. */
export function entrypointProcesses(text = readFileSync(join(ROOT, 'deploy/docker-entrypoint.sh'), 'utf8')): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^\s*([a-z][a-z-]*)\)\s*exec node (\S+)/gm)) out.set(m[1], m[2]);
  return out;
}

/** Which code a process name of the entrypoint runs, for the env scan. */
export function processOf(name: string): ParleyProcess | 'migrate' {
  if (name === 'migrate') return 'migrate';
  if (name === 'manage' || name === 'all-in-one') return 'runner';
  return name as ParleyProcess;
}

/**
 * A well-formed image reference pinned to a version: `[registry/]name:tag` with a tag that
 * names a version (not `latest`, at least major.minor or a dated release), or a digest.
 */
export function imageProblem(ref: string): string | undefined {
  const m = /^((?:[a-z0-9.-]+(?::\d+)?\/)?[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*)(?::([A-Za-z0-9_][A-Za-z0-9_.-]{0,127}))?(?:@(sha256:[a-f0-9]{64}))?$/.exec(ref);
  if (!m) return `'${ref}' is not a well-formed image reference`;
  const [, , tag, digest] = m;
  if (digest) return undefined;
  if (!tag) return `'${ref}' has no tag (it would mean :latest)`;
  if (!/\d+\.\d+|^RELEASE\.\d{4}-\d{2}-\d{2}/.test(tag)) return `'${ref}' is not pinned to a version`;
  return undefined;
}

/** `${VAR:-default}`, `${VAR:?message}`, `${VAR}` in compose values: provided (by .env or the default). */
export function composeValue(value: unknown): string {
  return String(value).replace(/\$\{(\w+)(?::?[-?]([^}]*))?\}/g, (_all, _name: string, fallback?: string) => fallback ?? '');
}
