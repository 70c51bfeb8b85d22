/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright'

/*
 * axe-core in the browser tests: the engine is evaluated in the page (as
 * @axe-core/playwright does; an injected <script> would break the page's
 * Content-Security-Policy), then run on the whole document. A finding is a
 * serious or critical violation; minor and moderate ones are left to review.
 */
const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type AxeFinding = { rule: string; impact: string; help: string; targets: string[] }

declare global {
  interface Window {
    axe?: {
      /* axe-core's loaded rules, each with its impact */
      _audit?: { rules: { id: string; impact?: string }[] }
      run: (
        context: Document,
        options: object
      ) => Promise<{
        violations: {
          id: string
          impact?: string | null
          help: string
          nodes: { target: unknown[]; html: string; failureSummary?: string }[]
        }[]
      }>
    }
  }
}

/** The serious and critical axe violations of what the page shows now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(source)
  return page.evaluate(async () => {
    /*
     * A rule's impact is fixed (axe-core gives each of its violations the rule's own impact): the minor and
     * moderate rules (region, landmarks, heading order…) could only find what the filter below drops, so
     * they are not run, which spares a fair part of each run. A rule of no stated impact still runs.
     */
    const rules: Record<string, { enabled: boolean }> = {}
    for (const rule of window.axe!._audit?.rules ?? [])
      if (rule.impact === 'minor' || rule.impact === 'moderate') rules[rule.id] = { enabled: false }
    const { violations } = await window.axe!.run(document, {
      resultTypes: ['violations'],
      iframes: false,
      rules,
    })
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact!,
        help: violation.help,
        targets: violation.nodes.map(
          (node) =>
            `${node.target.map(String).join(' ')} ${node.html.slice(0, 160)} ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`
        ),
      }))
  })
}

/** One line per finding and element, for a failure message. */
export function describeFindings(screen: string, findings: AxeFinding[]) {
  return findings.flatMap((finding) =>
    finding.targets.map(
      (target) => `${screen}: [${finding.impact}] ${finding.rule} (${finding.help}) at ${target}`
    )
  )
}
