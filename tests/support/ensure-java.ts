/**
 * Run by `npm test` before the suite: the HTML validity test runs the Nu Html Checker (vnu-jar),
 * which needs Java 17 or newer. When `java` is missing, install Debian's default-jre-headless
 * where we can (root with apt-get); otherwise stop with one line saying how.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const hasJava = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

if (!hasJava()) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error('Java 17+ is needed for the HTML validity test: run "sudo apt-get install -y default-jre-headless".');
    process.exit(1);
  }
  console.log("Java is missing: installing Debian's default-jre-headless package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'default-jre-headless'], { stdio: 'inherit', env });
  if (!hasJava()) {
    console.error('Installing default-jre-headless did not provide java.');
    process.exit(1);
  }
}
