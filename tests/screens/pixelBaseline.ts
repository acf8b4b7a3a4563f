import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

// Each screen's picture against the one kept in the repository, pixel by pixel (pixelmatch): a
// changed screen fails with a diff image beside the new picture; `npm run screens:update` (or
// UPDATE_SCREENS=1) takes the new pictures as the baselines when the change is meant.

/** Where the baselines live, one PNG per screen, size and viewer. */
export const BASELINE_DIR = join('tests', 'screens', 'baselines');
/** Where a run leaves every picture, the diffs and the contact sheet (not kept in git). */
export const OUTPUT_DIR = '.screens';

/** pixelmatch's per-pixel colour threshold (0-1): antialiasing and tiny shade changes pass. */
const PIXEL_THRESHOLD = 0.1;
/** How many pixels may differ beyond it: 0.02% of the picture, at least 20 (a cursor's blink, a subpixel shift of one glyph). */
const allowedPixels = (width: number, height: number) => Math.max(20, Math.round(width * height * 0.0002));

/** Whether this run records the pictures as the new baselines. */
export const updating = () => process.env.UPDATE_SCREENS === '1';

/** The outcome of one comparison. */
export interface Comparison {
  /** null when the picture matches (or was recorded); else why not, naming the diff image. */
  failure: string | null;
  /** The picture this run took, in OUTPUT_DIR. */
  actual: string;
  /** The diff image, when one was made. */
  diff?: string;
}

/** Compares `png` (the screen as taken now) with its baseline `file` (a name ending in .png). */
export function compareWithBaseline(file: string, png: Buffer): Comparison {
  const actual = join(OUTPUT_DIR, 'actual', file);
  mkdirSync(dirname(actual), { recursive: true });
  writeFileSync(actual, png);
  const baseline = join(BASELINE_DIR, file);
  if (updating()) {
    mkdirSync(dirname(baseline), { recursive: true });
    writeFileSync(baseline, png);
    return { failure: null, actual };
  }
  if (!existsSync(baseline)) return { failure: `no baseline ${baseline}: run npm run screens:update to record it`, actual };
  const kept = readFileSync(baseline);
  // Chromium encodes the same pixels to the same bytes: an unchanged screen needs no decoding.
  if (kept.equals(png)) return { failure: null, actual };
  const expected = PNG.sync.read(kept);
  const taken = PNG.sync.read(png);
  if (expected.width !== taken.width || expected.height !== taken.height) {
    return { failure: `${file}: the picture is ${taken.width}×${taken.height}, the baseline ${expected.width}×${expected.height}`, actual };
  }
  const diffPng = new PNG({ width: taken.width, height: taken.height });
  const differing = pixelmatch(expected.data, taken.data, diffPng.data, taken.width, taken.height, { threshold: PIXEL_THRESHOLD });
  const allowed = allowedPixels(taken.width, taken.height);
  if (differing <= allowed) return { failure: null, actual };
  const diff = join(OUTPUT_DIR, 'diff', file);
  mkdirSync(dirname(diff), { recursive: true });
  writeFileSync(diff, PNG.sync.write(diffPng));
  return { failure: `${file}: ${differing} pixels differ from the baseline (at most ${allowed}); see ${diff} and ${actual}`, actual, diff };
}
