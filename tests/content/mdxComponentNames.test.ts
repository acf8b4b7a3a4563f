import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MDX_COMPONENT_NAMES } from '../../src/content/mdxComponentNames.ts';

const COMPONENTS = join(import.meta.dirname, '../../src/components');

// A slide's chunk imports each component its body uses from src/components/{Name}.tsx
// (src/content/registryModules.ts), so the list and the files must agree name for name.
describe('the component names the content check knows', () => {
  it.each(MDX_COMPONENT_NAMES)('%s is exported by src/components/%s.tsx', async (name) => {
    const module = (await import(join(COMPONENTS, `${name}.tsx`))) as Record<string, unknown>;
    expect(typeof module[name]).toBe('function');
  });
});
