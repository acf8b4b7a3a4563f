import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The build's staging end to end: a real client build in a copy of the project whose prerender then
// fails. The copy sits inside the project so its imports find node_modules.
const root = process.cwd();

describe('a build that fails after the content check', () => {
  it('keeps the previous dist/ whole and leaves no staging folder behind', async () => {
    const copy = mkdtempSync(join(root, '.staged-build-test-'));
    try {
      for (const entry of ['slides', 'src', 'schemas', 'public', 'index.html', 'login.html', 'vite.config.ts', 'tsconfig.json']) {
        cpSync(join(root, entry), join(copy, entry), { recursive: true });
      }
      // The client build succeeds; the prerender then fails on an entry that throws when loaded.
      writeFileSync(join(copy, 'src/entry-server.tsx'), "throw new Error('prerender exploded');\nexport {};\n");
      mkdirSync(join(copy, 'dist'));
      writeFileSync(join(copy, 'dist/index.html'), 'previous build');
      const { stagedBuild } = await import('../../src/build/stagedBuild.ts');
      await expect(stagedBuild(copy)).rejects.toThrow('prerender exploded');
      expect(readdirSync(join(copy, 'dist'))).toEqual(['index.html']);
      expect(readFileSync(join(copy, 'dist/index.html'), 'utf8')).toBe('previous build');
      expect(existsSync(join(copy, '.build'))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 300_000);
});
