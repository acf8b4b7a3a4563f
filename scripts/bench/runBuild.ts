import { spawn } from 'node:child_process';

/** `npm run build`, output passed through; rejects on a non-zero exit. */
export function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code ?? signal}`))));
  });
}
