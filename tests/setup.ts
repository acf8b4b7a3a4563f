import { MotionGlobalConfig } from 'framer-motion';
import { loadDeckRegistry } from '../src/registry/slideRegistry.ts';

// happy-dom cannot run web animations; without this vitest exits 1 on an AbortError.
MotionGlobalConfig.skipAnimations = true;

// The deck's registry is a lazily loaded chunk in the browser (it names who the deck is for, so it
// sits behind the sign-in gate); tests render the deck as a page that has loaded it.
await loadDeckRegistry();
