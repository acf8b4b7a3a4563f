// Moved to src/build (bench and scripts use it too, and nothing outside tests/ may import tests/).
export { CHROMIUM_PATH, launchChromium } from '../../src/build/chromium.ts';
