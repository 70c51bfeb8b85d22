import { chromium, type LaunchOptions } from 'playwright'

/* Debian's Chromium by default; CHROMIUM_PATH points elsewhere (e.g. Playwright's own build). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** The browser of the browser tests and of the smoke check of `npm start`; `options.args` come after its own. */
export function launchChromium(options: LaunchOptions = {}) {
  return chromium.launch({
    ...options,
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  })
}
