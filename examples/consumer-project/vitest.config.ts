import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A property test plays whole generated conversations (up to hundreds of model calls each).
    testTimeout: 120_000,
  },
});
