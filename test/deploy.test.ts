import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { composeValue, entrypointProcesses, execForm, imageProblem, Instruction, parseCopy, parseDockerfile, processOf, ROOT } from './support/deploy-files';
import { REFERENCE_YAML } from '../gateway/src/openapi/zulip-docs';
import { deploymentNeeds, envVarsReadBy, EXTERNAL_ENV, scanEnvReads, scanSource, SERVICE_NAMES } from './support/env-vars';

/**
 * deploy/: the Dockerfile and compose file, checked without a Docker engine (there is none
 * here): well-formed pinned images, scripts that exist in the built tree (this runs after
 * `npm run build`), and every variable a process needs provided, none that no code reads.
 */
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/**
 * Whether a path of the repository is left out of the build context by a .dockerignore: the
 * last pattern matching it or a folder above it decides (`!` puts it back); `*` stays within
 * a segment, `**` crosses them.
 */
function ignoredByContext(ignoreFile: string, path: string): boolean {
  const segments = path.split('/');
  const candidates = segments.map((_, k) => segments.slice(0, k + 1).join('/'));
  let ignored = false;
  for (const raw of ignoreFile
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))) {
    const negated = raw.startsWith('!');
    const pattern = (negated ? raw.slice(1) : raw).replace(/^\/|\/$/g, '');
    const re = new RegExp(
      `^${pattern
        .split('/')
        .map((seg) => (seg === '**' ? '\uE000' : seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')))
        .join('/')
        .replace(/\uE000\//g, '(?:.*/)?')
        .replace(/\uE000/g, '.*')}$`,
    );
    if (candidates.some((c) => re.test(c))) ignored = !negated;
  }
  return ignored;
}
const reads = scanEnvReads(ROOT);
const entry = entrypointProcesses();

describe('the env scanner (test/support/env-vars.ts)', () => {
  it('finds the variables the code reads, by package', () => {
    const byName = (name: string) => reads.filter((r) => r.name === name);
    for (const [name, pkg] of [
      ['PORT', 'gateway'],
      ['DATABASE_URL', 'common'],
      ['S3_ENDPOINT', 'uploads'],
      ['UPLOADS_HTTP_ADDR', 'common'],
      ['MAX_FILE_UPLOAD_SIZE_MIB', 'uploads'],
      ['MAX_FILE_UPLOAD_SIZE_MIB', 'users'],
      ['PARLEY_SECRET', 'common'],
      ['LOG_LEVEL', 'common'],
      ['HEALTH_HOST', 'common'],
      ['EMBEDDED_PG_PORT', 'runner'],
      ['S3_ACCESS_KEY', 'uploads'],
    ]) {
      expect({ name, pkgs: byName(name).map((r) => r.pkg) }).toEqual({ name, pkgs: expect.arrayContaining([pkg]) });
    }
    // Templates expand for the five services.
    for (const s of SERVICE_NAMES) {
      expect(byName(`${s.toUpperCase()}_GRPC_ADDR`).some((r) => r.template === '<SERVICE>_GRPC_ADDR')).toBe(true);
      expect(byName(`${s.toUpperCase()}_HEALTH_PORT`).length).toBeGreaterThan(0);
    }
  });

  it('reports which process reads which variable', () => {
    expect(envVarsReadBy(ROOT, reads, 'uploads').has('S3_ENDPOINT')).toBe(true);
    expect(envVarsReadBy(ROOT, reads, 'users').has('S3_ENDPOINT')).toBe(false);
    expect(envVarsReadBy(ROOT, reads, 'gateway').has('AUTH_CACHE_TTL_MS')).toBe(true);
    expect(envVarsReadBy(ROOT, reads, 'events').has('AUTH_CACHE_TTL_MS')).toBe(false);
    expect(envVarsReadBy(ROOT, reads, 'runner').has('AUTH_CACHE_TTL_MS')).toBe(true);
  });

  it('recognises each form of read, and not assignments', () => {
    const src = [
      "const a = envString(env, 'A_REQ');",
      "const b = envString(env, 'B_DEF', 'x');",
      "const c = envInt(env, 'C_INT', 1, 0);",
      "const d = envOptional(process.env, 'D_OPT');",
      'const e = process.env.E_PROP ?? 1;',
      "const f = env['F_INDEX'];",
      'const g = env[`${service.toUpperCase()}_G_TPL`];',
      'process.env.H_WRITE = dir;',
      'process.env.I_WRITE ??= "none";',
      "// envString(env, 'J_COMMENT')",
      "const k = helper(env, 'K_ANY');",
      'if (process.env.L_CMP === "x") {}',
    ].join('\n');
    const found = scanSource(src, 'common');
    const names = new Set(found.map((r) => r.name));
    for (const n of ['A_REQ', 'B_DEF', 'C_INT', 'D_OPT', 'E_PROP', 'F_INDEX', 'USERS_G_TPL', 'EVENTS_G_TPL', 'K_ANY', 'L_CMP']) expect(names).toContain(n);
    for (const n of ['H_WRITE', 'I_WRITE', 'J_COMMENT']) expect(names).not.toContain(n);
    expect(found.filter((r) => r.required).map((r) => r.name)).toEqual(['A_REQ']);
  });

  it('every variable the code reads is in the configuration table (docs/configuration.md)', () => {
    const table = read('docs/configuration.md');
    const missing = [...new Set(reads.map((r) => r.template ?? r.name))].filter((n) => !table.includes(`\`${n}\``));
    expect(missing).toEqual([]);
  });
});

describe('deploy/Dockerfile', () => {
  const ins = parseDockerfile(read('deploy/Dockerfile'));
  const stages = ins.filter((i) => i.cmd === 'FROM');
  const finalStart = ins.lastIndexOf(stages[stages.length - 1]);
  const finalStage = ins.slice(finalStart);
  const stageOf = (name: string): Instruction[] => {
    const start = ins.findIndex((i) => i.cmd === 'FROM' && new RegExp(`\\bAS\\s+${name}$`, 'i').test(i.args));
    const end = ins.findIndex((i, k) => k > start && i.cmd === 'FROM');
    return ins.slice(start, end === -1 ? undefined : end);
  };
  const runs = (stage: Instruction[]) =>
    stage
      .filter((i) => i.cmd === 'RUN')
      .map((i) => i.args)
      .join('\n');
  const workspaces: string[] = JSON.parse(read('package.json')).workspaces;

  it('is multi-stage, on pinned, well-formed images of a Node the project supports', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const from of stages) {
      const image = from.args.split(/\s+/)[0];
      if (stages.some((s) => new RegExp(`\\bAS\\s+${image}$`, 'i').test(s.args))) continue;
      expect({ image, problem: imageProblem(image) }).toEqual({ image, problem: undefined });
      const node = /^node:(\d+)\.(\d+)/.exec(image);
      expect(node).not.toBeNull();
      const min = /(\d+)\.(\d+)/.exec(JSON.parse(read('package.json')).engines.node)!;
      expect(Number(node![1]) * 1000 + Number(node![2])).toBeGreaterThanOrEqual(Number(min[1]) * 1000 + Number(min[2]));
    }
  });

  it('builds with npm ci and npm run build, and installs production dependencies only for the runtime', () => {
    const build = stageOf('build');
    expect(runs(build)).toMatch(/npm ci\b/);
    expect(runs(build)).toMatch(/npm run build\b/);
    const prodRuns = ins.filter((i) => i.cmd === 'RUN' && /npm ci\b/.test(i.args) && /--omit=dev/.test(i.args));
    expect(prodRuns).toHaveLength(1);
    // Every workspace's package.json is there before each `npm ci`, or npm ci fails.
    for (const stage of [build, stageOf('prod-deps')]) {
      const copied = stage.filter((i) => i.cmd === 'COPY').flatMap((i) => parseCopy(i).sources);
      for (const w of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) expect(copied).toContain(w);
    }
  });

  it('COPYs only files that exist (sources from the repository, the rest from the built tree)', () => {
    const ignored = read('deploy/Dockerfile.dockerignore');
    for (const i of ins.filter((x) => x.cmd === 'COPY')) {
      const { from, sources } = parseCopy(i);
      for (const src of sources) {
        const path = from ? src.replace(/^\/app\/?/, '') || '.' : src;
        expect({ line: i.line, path, exists: existsSync(join(ROOT, path)) }).toEqual({ line: i.line, path, exists: true });
      }
    }
    // What the build needs is not excluded from the context.
    for (const needed of ['protos', 'services', 'gateway', 'deploy', 'package-lock.json']) expect(ignored.split('\n')).not.toContain(needed);
    for (const i of ins.filter((x) => x.cmd === 'COPY' && !parseCopy(x).from)) {
      for (const path of parseCopy(i).sources) expect({ line: i.line, path, ignored: ignoredByContext(ignored, path) }).toEqual({ line: i.line, path, ignored: false });
    }
  });

  it("gives the build the files it reads outside the workspaces: Zulip's reference, for the routes' docs", () => {
    const ignored = read('deploy/Dockerfile.dockerignore');
    // The matcher itself, on the cases the file relies on.
    expect([ignoredByContext(ignored, 'test/support/api.ts'), ignoredByContext(ignored, 'gateway/dist/main.js'), ignoredByContext(ignored, 'gateway/src/main.ts')]).toEqual([true, true, false]);
    const reference = relative(ROOT, REFERENCE_YAML);
    expect(reference).toBe('test/reference/zulip-openapi.yaml');
    const copied = stageOf('build')
      .filter((i) => i.cmd === 'COPY' && !parseCopy(i).from)
      .flatMap((i) => parseCopy(i).sources);
    expect(copied.some((src) => reference === src || reference.startsWith(`${src}/`))).toBe(true);
    expect(ignoredByContext(ignored, reference)).toBe(false);
  });

  it('runs as a non-root user, the process chosen by the entrypoint', () => {
    const user = finalStage.filter((i) => i.cmd === 'USER').pop();
    expect(user).toBeDefined();
    const [uid] = user!.args.split(':');
    expect(uid).toMatch(/^\d+$/); // numeric, so Kubernetes can check runAsNonRoot
    expect(Number(uid)).toBeGreaterThan(0);
    const entrypoint = execForm(finalStage.find((i) => i.cmd === 'ENTRYPOINT')!);
    expect(entrypoint).toEqual(['sh', 'deploy/docker-entrypoint.sh']);
    const cmd = execForm(finalStage.find((i) => i.cmd === 'CMD')!);
    expect(entry.has(cmd[0])).toBe(true);
  });

  it("the entrypoint's scripts exist in the built tree and are in the runtime image", () => {
    const copiedToRuntime = finalStage.filter((i) => i.cmd === 'COPY').map(parseCopy);
    const inImage = (path: string) =>
      copiedToRuntime.some((c) =>
        c.sources.some((s) => {
          const src = c.from ? s.replace(/^\/app\//, '') : s;
          return path === src || path.startsWith(`${src}/`) || (c.dest.endsWith('/') && path === `${c.dest}${src.split('/').pop()}`);
        }),
      );
    expect([...entry.keys()].sort()).toEqual(['all-in-one', 'channels', 'events', 'gateway', 'manage', 'messages', 'migrate', 'uploads', 'users']);
    for (const [name, script] of entry) {
      expect({ name, script, built: existsSync(join(ROOT, script)), inImage: inImage(script) }).toEqual({ name, script, built: true, inImage: true });
    }
    expect(inImage('deploy/docker-entrypoint.sh')).toBe(true);
    expect(inImage('deploy/healthcheck.mjs')).toBe(true);
    // Files the code finds beside dist/ at run time.
    for (const path of [
      'protos/parley',
      'gateway/plugin/index.js',
      'gateway/dist/openapi/zulip-route-docs.json',
      'services/common/migrations/outbox',
      ...['users', 'channels', 'messages', 'uploads'].map((s) => `services/${s}/migrations`),
    ]) {
      expect({ path, built: existsSync(join(ROOT, path)), inImage: inImage(path) }).toEqual({ path, built: true, inImage: true });
    }
    // The same scripts as package.json's start:* (one name for a process everywhere).
    const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts;
    for (const [name, script] of Object.entries(scripts)) {
      const m = /^start:(\w+)$/.exec(name);
      if (m) expect(script).toBe(`node ${entry.get(m[1])}`);
    }
  });

  it('the entrypoint refuses no process, and migrate.mjs loads the exports it uses', () => {
    const usage = spawnSync('sh', ['deploy/docker-entrypoint.sh'], { cwd: ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8' });
    expect(usage.status).toBe(64);
    expect(usage.stderr).toMatch(/usage:/);
    // Without DATABASE_URL it stops before touching a database, after loading every module it imports.
    const migrate = spawnSync(process.execPath, ['deploy/migrate.mjs'], { cwd: ROOT, env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 20_000 });
    expect(migrate.stderr).toMatch(/DATABASE_URL must be set/);
    const check = spawnSync(
      process.execPath,
      [
        '-e',
        `
      const c = require('@parley/common');
      for (const f of ['createLogger', 'envString', 'envUrl', 'loadSecret', 'bootstrapServiceSchema', 'runMigrations', 'serviceDatabaseUrl']) if (typeof c[f] !== 'function') throw new Error(f);
      for (const s of ['users', 'channels', 'messages', 'uploads']) if (!require('fs').statSync(require('@parley/' + s).MIGRATIONS_DIR).isDirectory()) throw new Error(s);
      if (!require('fs').statSync(c.OUTBOX_MIGRATIONS_DIR).isDirectory()) throw new Error('outbox');
    `,
      ],
      { cwd: ROOT, env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 20_000 },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const source = read('deploy/migrate.mjs');
    for (const s of ['users', 'channels', 'messages', 'uploads']) expect(source).toContain(`'${s}'`);
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      {
        image?: string;
        build?: { context: string; dockerfile: string };
        command?: string[];
        environment?: Record<string, unknown>;
        healthcheck?: { test: string[] };
        depends_on?: Record<string, { condition: string }>;
      }
    >;
  };
  const services = compose.services;
  const dockerEnv = new Map(
    parseDockerfile(read('deploy/Dockerfile'))
      .filter((i) => i.cmd === 'ENV')
      .flatMap((i) => [...i.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]] as [string, string])),
  );
  const parley = Object.entries(services).filter(([, s]) => s.build !== undefined);
  const envOf = (name: string) => new Map<string, string>([...dockerEnv, ...Object.entries(services[name].environment ?? {}).map(([k, v]) => [k, composeValue(v)] as [string, string])]);

  it('runs PostgreSQL, NATS with JetStream, Redis, MinIO and every Parley process', () => {
    for (const infra of ['postgres', 'nats', 'redis', 'minio']) expect(services[infra]).toBeDefined();
    expect(services.nats.command).toContain('-js');
    expect(parley.map(([, s]) => s.command![0]).sort()).toEqual([...SERVICE_NAMES, 'gateway', 'migrate'].sort());
  });

  it('names well-formed, pinned images; Parley is built from deploy/Dockerfile', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.build) {
        expect(resolve(ROOT, 'deploy', s.build.context)).toBe(ROOT);
        expect(existsSync(join(ROOT, s.build.dockerfile))).toBe(true);
        expect(imageProblem(composeValue(s.image).replace(/:local$/, ':0.0-local'))).toBeUndefined();
      } else {
        expect({ name, problem: imageProblem(String(s.image)) }).toEqual({ name, problem: undefined });
      }
    }
  });

  it('every Parley command is a process of the entrypoint', () => {
    for (const [, s] of parley) expect(entry.has(s.command![0])).toBe(true);
  });

  it('health checks on every long-running server, on the port the process serves them', () => {
    for (const [name, s] of Object.entries(services)) {
      if (name === 'migrate') continue;
      expect({ name, healthcheck: !!s.healthcheck }).toEqual({ name, healthcheck: true });
      if (!s.build) continue;
      const [, node, script, port] = s.healthcheck!.test;
      expect([node, script]).toEqual(['node', 'deploy/healthcheck.mjs']);
      const env = envOf(name);
      const expected = name === 'gateway' ? env.get('PORT') : env.get(`${name.toUpperCase()}_HEALTH_PORT`);
      expect({ name, port }).toEqual({ name, port: expected });
    }
    expect(statSync(join(ROOT, 'deploy/healthcheck.mjs')).isFile()).toBe(true);
  });

  it('depends_on waits for what exists: healthy servers, finished migrations', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect(services[dep]).toBeDefined();
        if (condition === 'service_healthy') expect({ name, dep, healthcheck: !!services[dep].healthcheck }).toEqual({ name, dep, healthcheck: true });
        else expect({ name, dep, condition }).toEqual({ name, dep, condition: 'service_completed_successfully' });
      }
    }
    for (const s of ['users', 'channels', 'messages', 'uploads']) expect(services[s].depends_on?.migrate?.condition).toBe('service_completed_successfully');
  });

  it('gives each process every variable it needs, and none that its code does not read', () => {
    for (const [name, s] of parley) {
      const proc = processOf(s.command![0]);
      const env = envOf(name);
      const code = envVarsReadBy(ROOT, reads, proc === 'migrate' ? 'runner' : proc);
      const needs = deploymentNeeds(proc);
      for (const need of needs) expect({ name, need, readByCode: code.has(need) }).toEqual({ name, need, readByCode: true });
      const required = reads.filter((r) => r.required && code.has(r.name)).map((r) => r.name);
      for (const v of [...needs, ...required]) expect({ name, v, provided: !!env.get(v) }).toEqual({ name, v, provided: true });
      for (const v of Object.keys(s.environment ?? {})) {
        expect({ name, v, read: code.has(v) || EXTERNAL_ENV.has(v) }).toEqual({ name, v, read: true });
      }
      if (proc !== 'migrate' && proc !== 'runner') expect(env.has('OTEL_EXPORTER_OTLP_ENDPOINT')).toBe(true);
    }
  });

  it('each service listens on all interfaces where the others dial it', () => {
    for (const owner of SERVICE_NAMES) {
      const key = `${owner.toUpperCase()}_GRPC_ADDR`;
      const listen = envOf(owner).get(key)!;
      expect(listen).toMatch(/^0\.0\.0\.0:\d+$/);
      for (const [name] of parley) {
        if (name === owner || !envOf(name).has(key)) continue;
        expect({ name, key, addr: envOf(name).get(key) }).toEqual({ name, key, addr: `${owner}:${listen.split(':')[1]}` });
      }
    }
    expect(envOf('uploads').get('UPLOADS_HTTP_ADDR')).toBe('0.0.0.0:50064');
    expect(envOf('gateway').get('UPLOADS_HTTP_ADDR')).toBe('uploads:50064');
    expect(envOf('gateway').get('HOST')).toBe('0.0.0.0');
    expect(envOf('users').get('MAX_FILE_UPLOAD_SIZE_MIB')).toBe(envOf('uploads').get('MAX_FILE_UPLOAD_SIZE_MIB'));
    for (const s of ['users', 'channels', 'messages', 'uploads']) expect(envOf(s).get('MIGRATE_ON_START')).toBe('false');
    expect(new URL(envOf('uploads').get('S3_ENDPOINT')!).hostname).toBe('minio');
    expect(new URL(envOf('users').get('DATABASE_URL')!).hostname).toBe('postgres');
  });
});
