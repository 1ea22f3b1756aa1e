/**
 * The browser every suite drives: Debian's Chromium (a browser download cannot work on
 * these machines) with the project's headless flags. One definition for the browser tests
 * (playwright.config.ts), the benchmarks and the chaos suite.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
