/*
| Lighthouse (the npm package, 12.2.3: the last that runs on this machine's
| lock and Node) in its default mobile mode (a phone's screen, its simulated
| slow 4G and 4× CPU slowdown) on the pages bench/page_weight.ts measures
| (bench/phone_pages.ts: the production build, seeded, signed in by the
| session cookie), in Debian's Chromium (tests/support/chromium.ts). For each
| page: the performance and accessibility scores beside the budgets of
| issue 33 (≥ 90 and ≥ 95), the metrics behind the performance score, and
| the accessibility audits that failed.
|
|   node --import=@poppinss/ts-exec bench/lighthouse.ts [--page <name>]
|
| --page measures only the pages whose name starts with <name>. The scores
| depend on this machine's speed (Lighthouse simulates the phone from what it
| observes): run it on a quiet machine, more than once. Exits 1 when a score
| is under its budget.
*/
import lighthouse from 'lighthouse'
import { launchChromium } from '#tests/support/chromium'
import { freePort } from '#tests/support/web_process'
import { table } from './support.js'
import { pagesAsked, servePhonePages } from './phone_pages.js'

const BUDGETS = { performance: 90, accessibility: 95 }

const { base, pages, cookiesOf, stop } = await servePhonePages()
/* Chromium's DevTools endpoint, which Lighthouse drives */
const port = await freePort()
const browser = await launchChromium({ args: [`--remote-debugging-port=${port}`] })

const rows: (string | number)[][] = [
  ['page', 'performance', 'budget', 'accessibility', 'budget', 'FCP', 'LCP', 'TBT', 'CLS', ''],
]
const notes: string[] = []
const under: string[] = []
try {
  for (const page of pagesAsked(pages)) {
    /* the session's cookies on every request (Lighthouse resets the page's storage before it loads) */
    const cookie = page.email
      ? (await cookiesOf(page.email)).map(({ name, value }) => `${name}=${value}`).join('; ')
      : undefined
    const result = await lighthouse(`${base}${page.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    })
    if (!result) throw new Error(`${page.name}: Lighthouse gave no result`)
    const { categories, audits } = result.lhr
    const score = (name: 'performance' | 'accessibility') =>
      Math.round((categories[name].score ?? 0) * 100)
    const metric = (id: string) => audits[id]?.displayValue ?? '—'
    const performance = score('performance')
    const accessibility = score('accessibility')
    const bad = performance < BUDGETS.performance || accessibility < BUDGETS.accessibility
    if (bad) under.push(page.name)
    rows.push([
      page.name,
      performance,
      `≥ ${BUDGETS.performance}`,
      accessibility,
      `≥ ${BUDGETS.accessibility}`,
      metric('first-contentful-paint'),
      metric('largest-contentful-paint'),
      metric('total-blocking-time'),
      metric('cumulative-layout-shift'),
      bad ? 'UNDER' : 'ok',
    ])
    /* under budget: where the main thread's time went, and the scripts that took most of it */
    if (bad) {
      const items = (id: string) =>
        ((audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [])
          .slice(0, 4)
          .map(
            (item) =>
              `${item.groupLabel ?? item.url} ${Math.round(Number(item.duration ?? item.total))} ms`
          )
      notes.push(`${page.name}: main thread: ${items('mainthread-work-breakdown').join(', ')}`)
      notes.push(`${page.name}: scripts: ${items('bootup-time').join(', ')}`)
    }
    /* what took accessibility points: each failed audit, with the elements it names */
    for (const ref of categories.accessibility.auditRefs) {
      const audit = audits[ref.id]
      if (ref.weight === 0 || audit.score === null || audit.score === 1) continue
      const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)
        ?.items
      const nodes = (items ?? []).map((item) => item.node?.snippet).filter(Boolean)
      notes.push(`${page.name}: ${ref.id} (${audit.title}) ${nodes.slice(0, 3).join(' ')}`)
    }
  }
} finally {
  await browser.close()
  await stop()
}

console.log(`\nLighthouse ${'12.2.3'}, mobile (${base}), ${new Date().toISOString()}\n`)
console.log(table(rows))
if (notes.length) console.log(`\nFailed audits, and where the time went:\n${notes.join('\n')}`)
if (under.length) {
  console.log(`\nUnder budget: ${under.join('; ')}`)
  process.exitCode = 1
}
