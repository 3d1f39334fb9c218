import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Beside the browser tests on a slow host this tier ran ten times slower than alone; the limit
          // catches a test that hangs (the slowest takes 0.3 s alone), not a slow one.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // Each file has its own app and database and spends most of its time waiting on PostgreSQL,
          // so three files at once on two cores took 156 s where vitest's default (cores - 1 = one
          // file at a time here) took 276 s.
          maxWorkers: 3,
          // `npm test` runs this tier beside the browser tests, where a test can take four times as long
          // as alone (a 7 s test took over 30 s): the limits catch a test that hangs, not a slow one.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The app behind nginx (needs nginx and openssl on the machine): npm run test:proxy.
        test: {
          name: 'proxy',
          include: ['tests/proxy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
