import path from 'node:path';

import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    // jsdom renders MUI slowly and the machine has 2 shared cores: generous, so a busy machine does not fail tests.
    testTimeout: 20_000,
  },
});
