import { defineConfig } from 'vitest/config';

// One runner for every workspace. `npm test` runs the projects that need nothing but Node;
// `npm run test:scale` runs the server suite again on PostgreSQL and Redis.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', include: ['packages/engine/test/**/*.test.ts'] } },
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
