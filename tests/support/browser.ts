import type { Page } from 'playwright'

/** Waits until React has hydrated the server-rendered page (see app_layout.tsx). */
export async function hydrated(page: Page) {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
  return page
}

/** A full page load, then hydration. */
export async function open(page: Page, path: string) {
  await page.goto(path)
  return hydrated(page)
}
