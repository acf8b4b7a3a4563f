#!/usr/bin/env node
// The browser tests need Debian's chromium (no test tool can download a browser on this network),
// the PDF tests read the exported PDF with poppler-utils (pdftotext, pdfinfo, pdffonts), and the
// platform suite runs a second time on a real Postgres server (postgresql: initdb, pg_ctl). As root
// we install what is missing; otherwise we stop with the one command to run, never skipping tests.
import { existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const POPPLER = '/usr/bin/pdftotext';
const POSTGRES = '/usr/lib/postgresql';
const hasPostgres = () => existsSync(POSTGRES) && readdirSync(POSTGRES).some((v) => existsSync(`${POSTGRES}/${v}/bin/initdb`));
const missing = [!existsSync(CHROMIUM) && 'chromium', !existsSync(POPPLER) && 'poppler-utils', !hasPostgres() && 'postgresql'].filter(Boolean);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Missing: ${missing.join(', ')}. Install, then run the tests again:\n\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n`,
  );
  process.exit(1);
}
console.log(`Missing: ${missing.join(', ')}: installing Debian's packages (apt-get)…`);
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
for (const [file, present] of [
  [CHROMIUM, existsSync(CHROMIUM)],
  [POPPLER, existsSync(POPPLER)],
  [`${POSTGRES}/*/bin/initdb`, hasPostgres()],
]) {
  if (!present) {
    console.error(`apt-get finished but ${file} is still missing.`);
    process.exit(1);
  }
}
