import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * This machine's two settings podman needs (the container test's own file, pointed to by
 * CONTAINERS_CONF; nothing under /etc changes): podman's default open-file and process limits exceed
 * the machine's hard limits, which not even root may raise, and crun refuses its mixed cgroup layout.
 */
const CONTAINERS_CONF = `[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
`;

/** The environment every podman and podman-compose command of the test runs with; the file goes into `dir`. */
export function podmanEnvironment(dir: string): NodeJS.ProcessEnv {
  const file = join(dir, 'containers.conf');
  writeFileSync(file, CONTAINERS_CONF);
  return { ...process.env, CONTAINERS_CONF: file };
}

export interface RunResult {
  code: number | null;
  /** Standard output and error together, in order. */
  output: string;
  /** Standard output alone. */
  stdout: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Lines passed on to this process's output as they come (a long build shows where it is). */
  echo?: boolean;
  /** A non-zero exit is returned instead of thrown. */
  allowFailure?: boolean;
}

/** Runs `command args`, its output collected; a non-zero exit throws with the output's end unless allowed. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    const take = (chunk: Buffer, isStdout: boolean) => {
      const text = chunk.toString('utf8');
      output += text;
      if (isStdout) stdout += text;
      if (options.echo) process.stdout.write(text);
    };
    child.stdout.on('data', (chunk: Buffer) => take(chunk, true));
    child.stderr.on('data', (chunk: Buffer) => take(chunk, false));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0 && !options.allowFailure) {
        reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`));
      } else resolve({ code, output, stdout });
    });
  });
}

/** Whether `command` is on the search path. */
export async function hasCommand(command: string): Promise<boolean> {
  const found = await run('sh', ['-c', `command -v ${command}`], { allowFailure: true });
  return found.code === 0;
}

/** Whether podman holds the image `name`. */
export async function imageExists(name: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  return (await run('podman', ['image', 'exists', name], { env, allowFailure: true })).code === 0;
}
