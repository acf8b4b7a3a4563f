#!/usr/bin/env node
// The browser tests need Debian's chromium (no test tool can download a browser on this network), and
// the PDF tests read the exported PDF with poppler-utils (pdftotext, pdfinfo, pdffonts). As root we
// install what is missing; otherwise we stop with the one command to run, never skipping those tests.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const POPPLER = '/usr/bin/pdftotext';
const missing = [!existsSync(CHROMIUM) && 'chromium', !existsSync(POPPLER) && 'poppler-utils'].filter(Boolean);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Missing: ${missing.join(', ')}. Install, then run the tests again:\n\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n`);
  process.exit(1);
}
console.log(`Missing: ${missing.join(', ')}: installing Debian's packages (apt-get)…`);
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
for (const file of [CHROMIUM, POPPLER]) {
  if (!existsSync(file)) {
    console.error(`apt-get finished but ${file} is still missing.`);
    process.exit(1);
  }
}
