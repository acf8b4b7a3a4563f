// The modules the slide-registry plugin generates (src/content/slideRegistryPlugin.ts). Ambient
// declarations cannot name our types by relative path; src/deck/slideRegistry.ts gives them their types.
declare module 'virtual:slide-registry' {
  export const settings: unknown;
  export const slides: unknown[];
  export const loaders: Record<string, () => Promise<unknown>>;
}

declare module 'virtual:deck-partner' {
  export const partner: { name: string; licence: string };
}

declare module '*.mdx' {
  import type { ComponentType } from 'react';
  const MDXContent: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  export default MDXContent;
}
