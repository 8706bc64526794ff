/**
 * Run by `npm test` before the suite: the browser tests need Debian's Chromium. When it is
 * missing, install it where we can (root with apt-get); otherwise stop with one line saying how.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path.ts';

const path = chromiumPath();
if (!existsSync(path)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `Chromium is needed for the browser tests: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(path)) {
    console.error(`Installing chromium did not provide ${path}.`);
    process.exit(1);
  }
}
