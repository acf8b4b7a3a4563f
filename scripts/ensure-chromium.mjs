#!/usr/bin/env node
// The browser tests need Debian's chromium; no test tool can download a browser on this network.
// As root we install it; otherwise we stop with the one command to run, never skipping those tests.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install it, then run the tests again:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n`);
  process.exit(1);
}
console.log('Chromium is missing: installing Debian\'s chromium (apt-get)…');
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
