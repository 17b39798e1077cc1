import { defineConfig } from "vitest/config";

// Projects: the browser-side code in jsdom, the server suites once per database engine, and the cluster
// (instances behind HAProxy). The PostgreSQL and cluster projects run only when DATABASE_URL points at a
// server (scripts/test.mjs sees to that).
const serverSuites = ["tests/server/**/*.test.ts", "server/**/*.test.ts"];

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on our 2-core machines. Most server
    // suites wait on a database, a child process or a timer, so three files at a time keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "client",
          environment: "jsdom",
          include: [
            "src/**/*.test.{ts,tsx}",
            "tests/client/**/*.test.{ts,tsx}",
            "tests/model/**/*.test.{ts,tsx}",
            "tools/model-kit/**/*.test.ts",
            "tools/simulate/**/*.test.ts",
          ],
          setupFiles: ["tests/setup/client.ts"],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "server-pglite",
          environment: "node",
          include: serverSuites,
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: "server-postgres",
                environment: "node",
                include: serverSuites,
                env: { TEST_DB: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            {
              // Real server processes behind HAProxy (installed by scripts/lib/haproxy.mjs when missing).
              test: {
                name: "cluster",
                environment: "node",
                include: ["tests/cluster/**/*.test.ts"],
                env: { TEST_DB: "postgres" },
                testTimeout: 120_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});
