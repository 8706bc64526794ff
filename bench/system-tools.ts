/**
 * The bench compares the product with nginx and loads both with wrk, Debian's packages. When one
 * is missing it is installed where we can (root with apt-get); otherwise the bench stops and says
 * how to install it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const TOOLS = [
  { binary: '/usr/sbin/nginx', pkg: 'nginx' },
  { binary: '/usr/bin/wrk', pkg: 'wrk' },
] as const;

export function ensureSystemTools(): void {
  const missing = TOOLS.filter((tool) => !existsSync(tool.binary)).map((tool) => tool.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`The bench needs ${missing.join(' and ')}: run "sudo apt-get install -y ${missing.join(' ')}".`);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}
