import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { entrypointProcesses, imageProblem, processOf, ROOT } from './support/deploy-files';
import { deploymentNeeds, envVarsReadBy, EXTERNAL_ENV, scanEnvReads, SERVICE_NAMES } from './support/env-vars';

/**
 * k8s/: every overlay rendered with `kubectl kustomize` and every manifest validated offline
 * against the Kubernetes schemas (@kubernetes-models/validate through kubernetes-models),
 * then checked for what Parley needs: probes, security context, resources, an HPA and a
 * PDB per Deployment, migrations as a Job, the Ingress for long polls and uploads, and every
 * variable a process needs provided (none that its code does not read).
 */
type Obj = Record<string, any>;

const OVERLAYS = ['dev', 'prod'];
const hasKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

/** `describe` when kubectl is here (or in CI, where its absence must fail), else skipped, saying so. */
function describeWithKubectl(file: string): jest.Describe {
  if (hasKubectl || process.env.CI === 'true') return describe;
  process.stderr.write(`${file} skipped: it needs kubectl (with kustomize) on PATH; Debian's kubernetes-client package has it\n`);
  return describe.skip;
}

function render(dir: string): Obj[] {
  const out = spawnSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  if (out.error) throw new Error(`kubectl kustomize ${dir}: ${out.error.message} (kubectl with kustomize must be on PATH; in CI its absence fails)`);
  if (out.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${out.stderr}`);
  return parseAllDocuments(out.stdout)
    .map((d) => d.toJSON() as Obj)
    .filter(Boolean);
}

/** Validates a manifest against its kind's schema; throws naming what is wrong. */
function validate(doc: Obj): void {
  const { apiVersion, kind } = doc;
  let model: { new (data: Obj): { validate(): void } };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the model's module is named at run time
    model = require(`kubernetes-models/${apiVersion}/${kind}`)[kind];
  } catch {
    throw new Error(`no schema for ${apiVersion} ${kind}`);
  }
  new model(doc).validate();
}

const reads = scanEnvReads(ROOT);
const entry = entrypointProcesses();
const prodSecretKeys = new Set(
  readFileSync(join(ROOT, 'k8s/overlays/prod/secret.env.example'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z]/.test(l))
    .map((l) => l.split('=')[0]),
);

describeWithKubectl('test/k8s.test.ts')('k8s/', () => {
  it('the schema validation catches a malformed manifest', () => {
    expect(() =>
      validate({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'x' },
        spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 'grpc' }] }] } } },
      }),
    ).toThrow(/containerPort must be integer/);
    expect(() => validate({ apiVersion: 'example.com/v1', kind: 'Thing' })).toThrow(/no schema/);
  });

  describe.each(OVERLAYS)('overlay %s', (overlay) => {
    // Rendered before the tests run (not while jest collects them, so a skipped run renders nothing).
    let docs: Obj[] = [];
    beforeAll(() => {
      docs = render(`k8s/overlays/${overlay}`);
    });
    const all = (kind: string) => docs.filter((d) => d.kind === kind);
    const one = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name);
    const parleyDeployments = () => all('Deployment').filter((d) => d.metadata.labels?.['app.kubernetes.io/name'] === 'parley');
    const secret = (name: string) => one('Secret', name);
    const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels?.[k] === v);

    /** A container's environment: name → value ('<secret>' / '<field>' for references). */
    function envOf(container: Obj): Map<string, string> {
      const env = new Map<string, string>();
      for (const from of container.envFrom ?? []) {
        if (from.configMapRef) {
          const data = one('ConfigMap', from.configMapRef.name)?.data;
          expect({ configMap: from.configMapRef.name, rendered: !!data }).toEqual({ configMap: from.configMapRef.name, rendered: true });
          for (const [k, v] of Object.entries(data ?? {})) env.set(k, String(v));
        } else throw new Error('envFrom other than a ConfigMap: list Secret keys one by one, so they can be checked');
      }
      for (const e of container.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref) {
          const s = secret(ref.name);
          const has = !!s && ref.key in (s.data ?? s.stringData ?? {});
          // A Secret the overlay renders has the key (unless the reference is optional, as the SMTP
          // login is: a development overlay has no mail server); one the operator creates (prod)
          // documents every key.
          if (s && ref.optional && !has) continue;
          if (s) expect({ secret: ref.name, key: ref.key, has }).toEqual({ secret: ref.name, key: ref.key, has: true });
          else expect({ secret: ref.name, key: ref.key, documented: prodSecretKeys.has(ref.key) }).toEqual({ secret: ref.name, key: ref.key, documented: true });
          env.set(e.name, s?.data?.[ref.key] ? Buffer.from(s.data[ref.key], 'base64').toString('utf8') : '<secret>');
        } else env.set(e.name, e.valueFrom ? '<field>' : String(e.value ?? ''));
      }
      return env;
    }

    it('renders the workloads, and every manifest is valid against its schema', () => {
      expect(
        parleyDeployments()
          .map((d) => d.metadata.name)
          .sort(),
      ).toEqual([...SERVICE_NAMES, 'gateway'].sort());
      for (const doc of docs) {
        try {
          validate(doc);
        } catch (err) {
          throw new Error(`${doc.kind} ${doc.metadata?.name}: ${(err as Error).message}`);
        }
      }
    });

    it('names well-formed, pinned images', () => {
      const images = docs.flatMap((d) => [...(d.spec?.template?.spec?.containers ?? []), ...(d.spec?.template?.spec?.initContainers ?? [])]).map((c: Obj) => c.image as string);
      for (const image of images) {
        const problem = imageProblem(image.replace(/^parley:dev$/, 'parley:0.0-dev'));
        expect({ image, problem }).toEqual({ image, problem: undefined });
      }
      if (overlay === 'prod') for (const d of parleyDeployments()) expect(d.spec.template.spec.containers[0].image).toMatch(/^[a-z0-9.-]+\.[a-z]+\/parley:/);
    });

    describe.each([...SERVICE_NAMES, 'gateway'])('Deployment %s', (name) => {
      const d = () => one('Deployment', name)!;
      const pod = () => d().spec.template.spec;
      const container = () => pod().containers[0];
      const portNamed = (port: string | number) => (typeof port === 'number' ? port : container().ports.find((p: Obj) => p.name === port)?.containerPort);

      it('runs its process of the image, rolling updates without downtime', () => {
        expect(entry.has(container().args[0])).toBe(true);
        expect(container().args[0]).toBe(name);
        expect(d().spec.strategy.type).toBe('RollingUpdate');
        expect(d().spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
      });

      it('has readiness on /readyz and liveness on /healthz, on the port the process serves them', () => {
        const env = envOf(container());
        const healthPort = Number(name === 'gateway' ? env.get('PORT') : env.get(`${name.toUpperCase()}_HEALTH_PORT`));
        expect(healthPort).toBeGreaterThan(0);
        expect(container().readinessProbe.httpGet.path).toBe('/readyz');
        expect(container().livenessProbe.httpGet.path).toBe('/healthz');
        expect(portNamed(container().readinessProbe.httpGet.port)).toBe(healthPort);
        expect(portNamed(container().livenessProbe.httpGet.port)).toBe(healthPort);
        if (name !== 'gateway') expect(env.get('HEALTH_HOST')).toBe('0.0.0.0');
      });

      it('runs as non-root with a locked-down container and resource requests and limits', () => {
        expect(pod().securityContext.runAsNonRoot).toBe(true);
        expect(pod().securityContext.runAsUser).toBeGreaterThan(0);
        for (const c of pod().containers) {
          expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
          expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
          expect(c.securityContext.capabilities.drop).toContain('ALL');
          for (const r of ['cpu', 'memory']) {
            expect(c.resources.requests[r]).toBeDefined();
            expect(c.resources.limits[r]).toBeDefined();
          }
        }
      });

      it('has a HorizontalPodAutoscaler and a PodDisruptionBudget', () => {
        const hpa = all('HorizontalPodAutoscaler').filter((h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name);
        expect(hpa).toHaveLength(1);
        expect(hpa[0].apiVersion).toBe('autoscaling/v2');
        expect(hpa[0].spec.minReplicas).toBeLessThanOrEqual(hpa[0].spec.maxReplicas);
        const pdb = all('PodDisruptionBudget').filter((p) => matches(p.spec.selector.matchLabels, d().spec.template.metadata.labels));
        expect(pdb).toHaveLength(1);
      });

      it('is reached through a Service on the port it listens on', () => {
        const svc = all('Service').filter((s) => s.spec.selector && matches(s.spec.selector, d().spec.template.metadata.labels));
        expect(svc).toHaveLength(1);
        const env = envOf(container());
        const listens = name === 'gateway' ? [env.get('PORT')] : [env.get(`${name.toUpperCase()}_GRPC_ADDR`), ...(name === 'uploads' ? [env.get('UPLOADS_HTTP_ADDR')] : [])];
        for (const addr of listens) {
          const port = Number(addr!.split(':').pop());
          if (name !== 'gateway') expect(addr).toMatch(/^0\.0\.0\.0:/); // binds every interface
          expect(svc[0].spec.ports.some((p: Obj) => portNamed(p.targetPort) === port)).toBe(true);
        }
        if (name === 'uploads') expect(svc[0].spec.ports.map((p: Obj) => p.port)).toEqual(expect.arrayContaining([50054, 50064]));
        // gRPC services are headless, so clients' round robin reaches every pod (a ClusterIP
        // would pin each client's one connection to one pod, and scaling would not spread load).
        if (name !== 'gateway') expect(svc[0].spec.clusterIP).toBe('None');
      });

      it('gets every variable it needs, and none that its code does not read', () => {
        const env = envOf(container());
        const proc = processOf(name) as Exclude<ReturnType<typeof processOf>, 'migrate'>;
        const code = envVarsReadBy(ROOT, reads, proc);
        const required = reads.filter((r) => r.required && code.has(r.name)).map((r) => r.name);
        for (const v of [...deploymentNeeds(proc), ...required]) expect({ v, provided: !!env.get(v) }).toEqual({ v, provided: true });
        for (const v of env.keys()) expect({ v, read: code.has(v) || EXTERNAL_ENV.has(v) || !(container().env ?? []).some((e: Obj) => e.name === v) }).toEqual({ v, read: true });
        expect(env.has('OTEL_EXPORTER_OTLP_ENDPOINT')).toBe(true);
        if (overlay === 'prod') expect(env.get('OTEL_EXPORTER_OTLP_ENDPOINT')).toMatch(/^https?:\/\//);
        if (name !== 'events' && name !== 'gateway') expect(env.get('MIGRATE_ON_START')).toBe('false');
      });
    });

    it('the ConfigMap only names variables some process reads, and its addresses are Services', () => {
      const cm = all('ConfigMap').find((c) => c.metadata.name.startsWith('parley-config'))!;
      const anyRead = new Set([...SERVICE_NAMES, 'gateway' as const].flatMap((p) => [...envVarsReadBy(ROOT, reads, p)]));
      for (const k of Object.keys(cm.data)) expect({ k, read: anyRead.has(k) }).toEqual({ k, read: true });
      const services = new Map(all('Service').map((s) => [s.metadata.name, s.spec.ports.map((p: Obj) => p.port)]));
      for (const k of [...SERVICE_NAMES.map((s) => `${s.toUpperCase()}_GRPC_ADDR`), 'UPLOADS_HTTP_ADDR']) {
        const [host, port] = cm.data[k].split(':');
        expect({ k, ports: services.get(host) }).toEqual({ k, ports: expect.arrayContaining([Number(port)]) });
      }
      if (overlay === 'dev') {
        const urls = [
          cm.data.NATS_URL,
          cm.data.S3_ENDPOINT,
          ...['DATABASE_URL', 'REDIS_URL'].map((k) => {
            const s = all('Secret').find((x) => x.metadata.name.startsWith('parley-secret'))!;
            return Buffer.from(s.data[k], 'base64').toString('utf8');
          }),
        ];
        for (const url of urls) {
          const u = new URL(url);
          expect({ url, ports: services.get(u.hostname) }).toEqual({ url, ports: expect.arrayContaining([Number(u.port)]) });
        }
        for (const infra of ['postgres', 'nats', 'redis', 'minio']) expect(one('StatefulSet', infra)).toBeDefined();
      } else {
        expect(all('StatefulSet')).toEqual([]);
        expect(all('Secret')).toEqual([]); // created by the operator, not kept in git
      }
    });

    it('runs migrations as a Job with what it needs', () => {
      const jobs = all('Job');
      expect(jobs).toHaveLength(1);
      const c = jobs[0].spec.template.spec.containers[0];
      expect(c.args).toEqual(['migrate']);
      expect(entry.has('migrate')).toBe(true);
      const env = envOf(c);
      for (const v of deploymentNeeds('migrate')) expect({ v, provided: !!env.get(v) }).toEqual({ v, provided: true });
      expect(jobs[0].spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      expect(c.resources.limits.memory).toBeDefined();
    });

    it('exposes the gateway through an Ingress fit for long polls and uploads', () => {
      const ingresses = all('Ingress');
      expect(ingresses).toHaveLength(1);
      const ing = ingresses[0];
      const a = ing.metadata.annotations;
      // Longer than the longest long poll (EVENTS_HEARTBEAT_MAX_MS, 55 s by default).
      expect(Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(90);
      expect(Number(a['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(90);
      const body = /^(\d+)m$/.exec(a['nginx.ingress.kubernetes.io/proxy-body-size']);
      const cm = all('ConfigMap').find((c) => c.metadata.name.startsWith('parley-config'))!;
      expect(Number(body?.[1])).toBeGreaterThanOrEqual(Number(cm.data.MAX_FILE_UPLOAD_SIZE_MIB ?? 25));
      expect(a['nginx.ingress.kubernetes.io/proxy-request-buffering']).toBe('off');
      const backend = ing.spec.rules[0].http.paths[0].backend.service;
      const svc = one('Service', backend.name);
      expect(svc?.spec.selector['app.kubernetes.io/component']).toBe('gateway');
      expect(svc!.spec.ports.some((p: Obj) => p.name === backend.port.name || p.port === backend.port.number)).toBe(true);
      const cmHost = cm.data.EXTERNAL_HOST;
      expect(ing.spec.rules[0].host).toBe(cmHost);
      if (overlay === 'prod') expect(ing.spec.tls?.[0]?.hosts).toContain(cmHost);
    });
  });
});
