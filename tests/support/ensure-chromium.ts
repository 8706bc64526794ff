/**
 * Run by `npm test` before the suite: the browser tests need Debian's Chromium, and run in its
 * headless shell where it is installed (./chromium-path.ts). Where we can (root with apt-get),
 * install what is missing; otherwise go on with Debian's Chromium alone, or stop with one line
 * saying how to install it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM, chromiumPath, HEADLESS_SHELL } from './chromium-path.ts';

const PACKAGES: Record<string, string> = { [CHROMIUM]: 'chromium', [HEADLESS_SHELL]: 'chromium-headless-shell' };

const missing = process.env.CHROMIUM_PATH ? [] : Object.keys(PACKAGES).filter((path) => !existsSync(path));
const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (missing.length > 0 && canInstall) {
  const packages = missing.map((path) => PACKAGES[path]!);
  console.log(`Installing Debian's ${packages.join(' and ')} for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}
if (!existsSync(chromiumPath())) {
  console.error(
    `Chromium is needed for the browser tests: run "sudo apt-get install -y chromium chromium-headless-shell" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
