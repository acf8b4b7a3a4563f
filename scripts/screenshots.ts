// `npx tsx scripts/screenshots.ts [route…]`: screenshots of the built deck at desktop and phone sizes
// into .screenshots/, to look at pages as a person would. Run `npm run build` first.
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../src/build/chromium.ts';
import { startPreview } from './support/previewServer.ts';
import { loadContent } from '../src/content/loadContent.ts';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [...(loadContent(process.cwd()).content?.slides.map((slide) => slide.path) ?? []), '/no-such-page'];
mkdirSync('.screenshots', { recursive: true });
const server = await startPreview();
const browser = await launchChromium();
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    for (const route of routes) {
      await page.goto(server.url + route, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.getAnimations().length === 0);
      const file = `.screenshots/${size.name}-${route === '/' ? 'cover' : route.slice(1).replace(/\//g, '_')}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.stop();
}
