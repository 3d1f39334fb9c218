import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium';

/**
 * Makes sure Debian's Chromium is there for the browser tests: finds it, or installs it with apt-get
 * when running as root, or stops and says how to get it.
 */
function main(): void {
  const found = findChromium();
  if (found) {
    console.log(`Browser tests use ${found}`);
    return;
  }
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
    process.exit(1);
  }
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      'The browser tests need Chromium and it was not found.\n' +
        'Install it with: sudo apt-get install -y chromium   (Debian/Ubuntu)\n' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
  console.log('Chromium not found; installing Debian’s chromium package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    if (install().status !== 0) {
      console.error('apt-get could not install chromium. Install it by hand, or set CHROMIUM_PATH.');
      process.exit(1);
    }
  }
  const installed = findChromium();
  if (!installed) {
    console.error('chromium was installed but its binary was not found; set CHROMIUM_PATH.');
    process.exit(1);
  }
  console.log(`Browser tests use ${installed}`);
}

main();
