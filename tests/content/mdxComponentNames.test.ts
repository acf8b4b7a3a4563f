import { describe, expect, it } from 'vitest';
import { mdxComponents } from '../../src/components/mdxComponents.tsx';
import { MDX_COMPONENT_NAMES } from '../../src/content/mdxComponentNames.ts';

describe('the component names the content check knows', () => {
  it('are exactly the components a slide body is given', () => {
    expect([...MDX_COMPONENT_NAMES].sort()).toEqual(Object.keys(mdxComponents).sort());
  });
});
