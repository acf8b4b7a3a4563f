// `npm run mail-logo`: draws public/logo.svg into public/mail-logo.png (96 px square), the logo the
// deck's mail carries inline. Mail clients show no SVG, so the mail needs its own PNG of the same
// logo; run this after replacing public/logo.svg.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../src/build/chromium.ts';

const SIZE = 96;
const svg = readFileSync(join(process.cwd(), 'public/logo.svg'), 'utf8');
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{width:${SIZE}px;height:${SIZE}px;display:block}</style>${svg}`);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  writeFileSync(join(process.cwd(), 'public/mail-logo.png'), png);
  console.log(`public/mail-logo.png: ${SIZE} px, ${png.length} bytes, from public/logo.svg`);
} finally {
  await browser.close();
}
