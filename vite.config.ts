import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiPort = process.env.API_PORT ?? '3000';

/** API suites that store or read files: uploads, downloads, zips, viewer extraction, avatars, logos. */
const s3FileSuites = [
  'tests/api/project-files.test.ts',
  'tests/api/project-files-download.test.ts',
  'tests/api/viewer.test.ts',
  'tests/api/ifc-structure.test.ts',
  'tests/api/profile.test.ts',
  'tests/api/admin-master-data.test.ts',
  'tests/api/project-members.test.ts',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/assets/i18n': `http://localhost:${apiPort}`,
      '/Account': `http://localhost:${apiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
  test: {
    globals: true,
    css: false,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two workers on a 2-core machine (vitest's default is cores − 1 = one): the API files wait on sockets, servers
    // and the database a good part of their time, and two halve the suite's wall time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The AWS SDK warns once per process that its 2027 releases will need Node 22: not news in a test run.
    // Cheaper password hashes for the unit and API suites (server/lib/passwords.ts); production is 2^17.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', PASSWORD_HASH_LOG2N: '12' },
    projects: [
      // Domain rules, providers, translations: plain modules, so the workers share their module cache too.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: ['tests/unit/components/**'], isolate: false } },
      // Views rendered in jsdom (each file declares its environment).
      { extends: true, test: { name: 'components', include: ['tests/unit/components/**/*.test.{ts,tsx}'], setupFiles: ['tests/unit/components/setup.ts'] } },
      // The API suites share their workers' module cache (no re-import of the server per file: half the CPU time).
      // Each file still builds its own app and database (tests/api/helpers.ts); nothing in them mocks modules.
      // One migrated database per run, copied by each test file (tests/api/global-setup.ts; the unit suites need none).
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts', 'tests/concurrency/**/*.test.ts'], isolate: false, globalSetup: ['tests/api/global-setup.ts'] } },
      // The file suites once more with the files in a bucket on a local S3 server (tests/api/storage-fixture.ts).
      { extends: true, test: { name: 's3', include: s3FileSuites, isolate: false, env: { TEST_FILE_STORAGE: 's3' }, globalSetup: ['tests/api/global-setup.ts'] } },
    ],
  },
});
