// The modules the slide-registry plugin generates (src/content/slideRegistryPlugin.ts), with the
// types their generator builds them from (src/content/registryModules.ts).
declare module 'virtual:slide-registry' {
  export const settings: import('./content/registryModules.ts').DeckDisplaySettings;
  export const slides: readonly import('./content/registryModules.ts').SlideMeta[];
  export const loaders: Record<string, () => Promise<import('./registry/slideRegistry.ts').SlideModule>>;
}

declare module 'virtual:deck-partner' {
  export const partner: import('../schemas/deckWidePartner.ts').DeckWidePartner;
}

declare module '*.mdx' {
  import type { ComponentType } from 'react';
  const MDXContent: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  export default MDXContent;
}
