import { configure } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import { loadDeckRegistry } from '../src/registry/slideRegistry.ts';
import { scaled } from './support/slowness.ts';

// happy-dom cannot run web animations; without this vitest exits 1 on an AbortError.
MotionGlobalConfig.skipAnimations = true;

// findBy* and waitFor give up after testing-library's 1 s on a quiet machine, grown for a busy one
// like every other deadline of the tests (support/slowness.ts).
configure({ asyncUtilTimeout: scaled(1000) });

// The deck's registry is a lazily loaded chunk in the browser (it names who the deck is for, so it
// sits behind the sign-in gate); tests render the deck as a page that has loaded it.
await loadDeckRegistry();
