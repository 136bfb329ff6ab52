// npm test needs Debian's Chromium for the end-to-end tests; say so plainly instead of skipping.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `\nChromium was not found at ${path}.\n` +
      "The end-to-end tests drive Debian's Chromium. Install it with:\n\n" +
      '    sudo apt-get update && sudo apt-get install -y chromium\n\n' +
      'or point CHROMIUM_PATH at another Chromium binary.\n',
  );
  process.exit(1);
}
