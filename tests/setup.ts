import { MotionGlobalConfig } from 'framer-motion';

// happy-dom cannot run web animations; without this vitest exits 1 on an AbortError (toolchain.md).
MotionGlobalConfig.skipAnimations = true;
