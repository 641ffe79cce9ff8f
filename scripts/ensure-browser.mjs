// The browser tests drive Debian's Chromium. Install it when missing and we may; otherwise say how.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium is not installed at ${path}.\nInstall Debian's package as root: apt-get update && apt-get install -y chromium\n(or set CHROMIUM_PATH to another Chromium).`,
  );
  process.exit(1);
}
console.log('Installing Chromium from Debian packages (apt-get install -y chromium)...');
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
} catch {
  console.error('Could not install Chromium with apt-get. Install the Debian package "chromium" and try again.');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished, but ${path} is still missing.`);
  process.exit(1);
}
