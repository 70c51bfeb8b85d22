import type { Browser, BrowserContext } from 'playwright'

/*
 * A browser test fails when a page breaks the Content-Security-Policy: every
 * context the tests open reports the console's CSP errors here, and each
 * browser test's teardown throws on any (tests/bootstrap.ts).
 */
const violations: string[] = []

function watch(context: BrowserContext) {
  context.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`)
  })
  return context
}

/** The browser with every new context watched. */
export function watchPolicyViolations(browser: Browser) {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...args: Parameters<Browser['newContext']>) =>
    watch(await newContext(...args))
  return browser
}

/** Throws with what broke the policy since the last call (and forgets it). */
export function assertNoPolicyViolations() {
  const found = violations.splice(0)
  if (found.length)
    throw new Error(`the page broke its Content-Security-Policy:\n${found.join('\n')}`)
}
