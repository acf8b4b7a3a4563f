import type { UserConfig } from 'vite';
import base from './vite.config.ts';

// `npm run test:container`: the image and compose.yaml on real containers (tests/container/), on their
// own because they take minutes and need podman; .ci/run runs them after npm test when it can.
const config: UserConfig = {
  ...base,
  test: {
    ...base.test,
    projects: [
      {
        extends: true,
        test: {
          name: 'container',
          environment: 'node',
          include: ['tests/container/**/*.test.ts'],
          // A step waits on a build or a start of minutes on a busy machine; making the base images
          // (debootstrap, Postgres from Debian's packages) takes longer still, once.
          testTimeout: 20 * 60_000,
          hookTimeout: 40 * 60_000,
        },
      },
    ],
  },
};
export default config;
