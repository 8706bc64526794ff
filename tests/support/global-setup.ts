/**
 * Once per `vitest run` of the end-to-end files, before any of them: a fresh server's first build
 * (./first-build.ts), which also compiles the site for the run when its code has changed, and one
 * Chromium that the browser tests connect to (./harness.ts `testBrowser`).
 */
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser.ts';
import { removeFolders, startServer, tempFolders, waitForSearchIndex } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's Chromium listens; empty when it could not start (each file then launches its own). */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const [dataDir, browser] = await Promise.all([makeFirstBuild(), launchBrowserServer().catch(() => null)]);
  project.provide('firstBuildDataDir', dataDir);
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  return async () => {
    await browser?.close();
    await removeFolders(dataDir);
  };
}

async function makeFirstBuild(): Promise<string> {
  const folders = await tempFolders();
  const server = await startServer(folders);
  // The server listens once the first build is served; the search index follows.
  await waitForSearchIndex(server.url);
  await server.stop();
  return folders.dataDir;
}
