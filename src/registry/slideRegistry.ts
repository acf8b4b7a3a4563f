import type { ComponentType } from 'react';
import type { DeckDisplaySettings, SlideChunkCode, SlideChunkData, SlideMeta } from '../content/registryModules.ts';
import type { FigureSource } from '../content/deckContent.ts';
import type { DeckWidePartner } from '../../schemas/deckWidePartner.ts';

export type { DeckDisplaySettings, FigureSource, SlideMeta };

/** A slide's lazily loaded part (registryModules.ts slideModule): its data, its MDX body and the code the body uses. */
export interface SlideModule extends SlideChunkData, Record<SlideChunkCode, unknown> {
  default: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  /** The components its body uses: they come with the body, not in the shell every page loads. */
  components: Record<string, ComponentType<never>>;
  /** The source notes' code (src/components/SourceNotes.tsx), with a slide one of whose figures has a source. */
  sourceNotes: SourceNotesModule | null;
}

/** Names a slide module has that the generated chunk does not export: none, or the type check fails here. */
type UngeneratedNames<Names extends never> = Names;
export type SlideModuleNamesAreGenerated = UngeneratedNames<Exclude<keyof SlideModule, keyof SlideChunkData | SlideChunkCode>>;
export type SlideLoader = () => Promise<SlideModule>;

/** What src/components/SourceNotes.tsx exports: the list, the book that numbers a page's notes, a figure with its marker. */
export interface SourceNotesModule {
  SourceNotes: ComponentType;
  FigureMarker: ComponentType<{ id: string; text: string }>;
  SourceNoteBook: new (
    texts: Readonly<Record<string, string>>,
    sources: Readonly<Record<string, FigureSource>>,
    headerFigures: readonly string[],
    headingAnchor: string,
  ) => unknown;
}

// The registry (settings, every page's label and title, the slide loaders) is itself confidential: it
// says who the deck is for. It is a lazily loaded chunk in the gated content folder, so the public shell
// holds none of it. Until loadDeckRegistry() has resolved the bindings below are empty; the deck's
// screens render below DeckRegistryGate, which waits for it (src/deck/DeckRegistryGate.tsx).

/** Every page: the deck in order, then pages outside the deck order (empty until the registry loads). */
export let allSlides: readonly SlideMeta[] = [];
/** The pages in the deck order (Previous/Next, the counter). */
export let deckSlides: readonly SlideMeta[] = [];
/** The deck settings the pages show; unset until the registry loads, so read it below DeckRegistryGate only. */
export let deckSettings!: DeckDisplaySettings;
let loaders: Record<string, SlideLoader> = {};
let registryLoaded = false;
let registryLoad: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** True once the registry is here and the deck's screens may render. */
export function isDeckRegistryLoaded(): boolean {
  return registryLoaded;
}

/**
 * Calls `listener` when the registry arrives (React's useSyncExternalStore reads isDeckRegistryLoaded
 * then); returns the undo.
 */
export function subscribeDeckRegistry(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads (once) the registry; a failed load may be retried by the next call. */
export function loadDeckRegistry(): Promise<void> {
  if (registryLoad) return registryLoad;
  const load = import('virtual:slide-registry').then((generated) => {
    allSlides = generated.slides;
    deckSlides = allSlides.filter((slide) => slide.order !== null);
    deckSettings = generated.settings;
    loaders = generated.loaders;
    registryLoaded = true;
    for (const listener of [...listeners]) listener();
  });
  load.catch(() => {
    if (registryLoad === load) registryLoad = undefined;
  });
  registryLoad = load;
  return load;
}

/** The page at exactly this route, if any. */
export function slideAtPath(path: string): SlideMeta | undefined {
  return allSlides.find((slide) => slide.path === path);
}

const loaded = new Map<string, SlideModule>();
const pending = new Map<string, Promise<SlideModule>>();

/** Loads (once) the body and records of a slide; used to prefetch neighbours too. */
export function loadSlide(name: string): Promise<SlideModule> {
  const done = loaded.get(name);
  if (done) return Promise.resolve(done);
  const waiting = pending.get(name);
  if (waiting) return waiting;
  const loader = loaders[name];
  if (!loader) return Promise.reject(new Error(`No slide is named ${name}`));
  const promise = loader().then((module) => {
    loaded.set(name, module);
    pending.delete(name);
    return module;
  });
  // A failed load may be retried by the next navigation, not served from a rejected cache.
  promise.catch(() => pending.delete(name));
  pending.set(name, promise);
  return promise;
}

/** The slide's module if it has already loaded, so a render never waits for what is at hand. */
export function loadedSlide(name: string): SlideModule | undefined {
  return loaded.get(name);
}

/** The deck-wide partner (deck.yaml `partner`), from its own gated chunk: loaded only for a viewer who is shown it. */
export function loadDeckPartner(): Promise<DeckWidePartner> {
  return import('virtual:deck-partner').then((module) => module.partner);
}
