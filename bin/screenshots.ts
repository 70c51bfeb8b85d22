/// <reference lib="dom" />
/*
| `npm run screenshots`: the screenshots the guides, solutions and blog posts
| show (public/screenshots/<locale>/<id>.webp, the ids in
| app/services/articles/catalogue.ts), taken in each language from the
| running product with the demo data: start it with `npm start`, then run
| this beside it (SCREENSHOTS_URL, else http://localhost:$PORT, else :3333).
|
| It signs the demo learner in, switches their language for each pass and
| puts it back at the end; it opens dialogs but answers no card and saves
| nothing else (the sharing link it turns on for one picture it turns off
| again). Each picture is 0.75 × the 1280 × 800 window (or the part shown),
| as WebP, and must stay under 150 KB. The icons are emoji: without an
| emoji font (Debian: fonts-noto-color-emoji) they come out as boxes, and
| the script says so.
*/
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Page } from 'playwright'
import { DEMO } from '#database/demo_account'
import { launchChromium } from '#tests/support/chromium'
import { SCREENSHOTS, type Screenshot } from '#services/articles/catalogue'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const BASE = (
  process.env.SCREENSHOTS_URL || `http://localhost:${process.env.PORT || 3333}`
).replace(/\/+$/, '')
const WINDOW = { width: 1280, height: 800 }
const SCALE = 0.75
const MAX_BYTES = 150_000
/* demo data the pictures show (database/demo_seeder.ts, database/demo_library.ts) */
const DECKS = { capitals: 'World capitals', science: 'Science', spanish: 'Spanish' }
const CLOZE_NOTE = 'Water boils at'
const LIBRARY_DECK = '/library/decks/spanish-verbs-the-20-you-meet-first'

type Ui = (key: string) => string

/** A language's `ui.*` messages, flat, as the pages show them (the script finds buttons by their words). */
async function messages(locale: string): Promise<Ui> {
  const flat: Record<string, string> = {}
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') flat[prefix] = node
    else for (const [key, value] of Object.entries(node as object)) walk(`${prefix}.${key}`, value)
  }
  const dir = `${ROOT}resources/lang/${locale}`
  walk('ui', JSON.parse(await readFile(`${dir}/ui.json`, 'utf8')))
  for (const file of await readdir(`${dir}/ui`))
    walk(`ui.${file.replace('.json', '')}`, JSON.parse(await readFile(`${dir}/ui/${file}`, 'utf8')))
  return (key) => flat[`ui.${key}`] ?? key
}

async function open(page: Page, path: string) {
  await page.goto(`${BASE}${path}`)
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
}

async function openDeck(page: Page, name: string) {
  await open(page, '/')
  await page.getByRole('link', { name, exact: true }).first().click()
  await page.waitForURL(/\/decks\/\d+/)
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
}

/** The window, down to the end of what the page shows (no empty band under short pages). */
async function shown(page: Page) {
  const bottom = await page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll('main *')].map(
        (element) => element.getBoundingClientRect().bottom
      )
    )
  )
  return page.screenshot({
    clip: {
      x: 0,
      y: 0,
      width: WINDOW.width,
      height: Math.min(WINDOW.height, Math.ceil(bottom) + 32),
    },
  })
}

/** A part of the page with a margin around it (a section, a dialog). */
async function part(page: Page, selector: string, margin = 16) {
  const element = page.locator(selector).first()
  await element.scrollIntoViewIfNeeded()
  const box = await element.boundingBox()
  if (!box) throw new Error(`${selector} is not on ${page.url()}`)
  const x = Math.max(0, box.x - margin)
  const y = Math.max(0, box.y - margin)
  return page.screenshot({
    clip: {
      x,
      y,
      width: Math.min(WINDOW.width - x, box.width + 2 * margin),
      height: Math.min(WINDOW.height - y, box.height + 2 * margin),
    },
  })
}

/* each picture: the page made ready, then the window or the part that matters */
const SHOTS: Record<Screenshot, (page: Page, t: Ui) => Promise<Buffer>> = {
  decks: async (page) => (await open(page, '/'), shown(page)),
  study: async (page, t) => {
    await openDeck(page, DECKS.capitals)
    await open(page, `${new URL(page.url()).pathname}/learn`)
    /* the study tutorial shows until the learner starts once */
    const start = page.getByRole('button', { name: t('learn.tutorial.start'), exact: true })
    if (await start.isVisible()) await start.click()
    await page.getByRole('button', { name: t('learn.show_answer') }).click()
    await page.locator('.learn-answers').waitFor()
    return shown(page)
  },
  editor: async (page) => {
    await openDeck(page, DECKS.science)
    await open(page, `${new URL(page.url()).pathname}?tab=cards`)
    await page.locator('a[href^="/notes/"]').filter({ hasText: CLOZE_NOTE }).first().click()
    await page.waitForURL(/\/notes\/\d+\/edit/)
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    return shown(page)
  },
  import: async (page, t) => {
    await open(page, '/')
    await page.getByRole('button', { name: t('imports.button'), exact: true }).click()
    await page.locator('[role="dialog"]').waitFor()
    return page.screenshot()
  },
  statistics: async (page) => (await open(page, '/statistics'), shown(page)),
  sharing: async (page, t) => {
    await openDeck(page, DECKS.spanish)
    await page.getByRole('button', { name: t('sharing.dialog.button'), exact: true }).click()
    const toggle = page.locator('[role="dialog"] input[type="checkbox"]').first()
    /* the box follows the server's answer: click, then wait for the link it brings; left as it was found */
    const wasOn = await toggle.isChecked()
    if (!wasOn) await toggle.click()
    await page.locator('[role="dialog"] .sharing-link input').first().waitFor()
    /* the "saved" toast would cover the dialog */
    await page
      .locator('.toast button')
      .first()
      .click()
      .catch(() => {})
    await page
      .locator('.toast')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => {})
    const picture = await part(page, '[role="dialog"]')
    if (!wasOn) {
      await toggle.click()
      await page.locator('[role="dialog"] .sharing-link').first().waitFor({ state: 'detached' })
    }
    return picture
  },
  publish: async (page) => {
    await openDeck(page, DECKS.capitals)
    return part(page, '.publishing-panel')
  },
  library: async (page) => (await open(page, LIBRARY_DECK), shown(page)),
  reminders: async (page) => {
    await open(page, '/settings')
    return part(page, 'section[aria-labelledby="reminder"]')
  },
  streak: async (page) => (await open(page, '/streak'), shown(page)),
}

/** The picture at 0.75 × as WebP, at the best quality that stays under the size cap. */
async function webp(png: Buffer) {
  const image = await loadImage(png)
  const canvas = createCanvas(Math.round(image.width * SCALE), Math.round(image.height * SCALE))
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height)
  for (const quality of [82, 72, 62, 50]) {
    const bytes = await canvas.encode('webp', quality)
    if (bytes.length <= MAX_BYTES) return bytes
  }
  throw new Error(`over ${MAX_BYTES / 1000} KB even at quality 50`)
}

/* a colour emoji draws coloured pixels; the box a missing font draws is grey */
async function hasEmojiFont(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas')
    const context = canvas.getContext('2d')!
    context.font = '32px sans-serif'
    context.fillText('🌍', 0, 32)
    const { data } = context.getImageData(0, 0, 40, 40)
    for (let i = 0; i < data.length; i += 4)
      if (Math.abs(data[i] - data[i + 1]) > 30 || Math.abs(data[i + 1] - data[i + 2]) > 30)
        return true
    return false
  })
}

async function setLanguage(page: Page, locale: string) {
  await open(page, '/settings')
  if ((await page.locator('html').getAttribute('lang')) === locale) return
  await page.locator('select[name="locale"]').selectOption(locale)
  await page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' })
}

async function main() {
  const locales = (await readdir(`${ROOT}resources/lang`))
    .filter((name) => /^[a-z]{2}$/.test(name))
    .sort()
  const browser = await launchChromium()
  const context = await browser.newContext({
    viewport: WINDOW,
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
  })
  /* the rebrand notice and the app banner would sit over every picture */
  await context.addCookies([{ name: 'dismissed_notices', value: 'rebrand.app_banner', url: BASE }])
  const page = await context.newPage()
  await open(page, '/sign-in')
  if (!(await hasEmojiFont(page)))
    console.warn(
      '[screenshots] no colour emoji font: icons will show as boxes (Debian: apt-get install fonts-noto-color-emoji)'
    )
  await page.locator('input[type="email"], input[name="email"]').first().fill(DEMO.email)
  await page.locator('input[type="password"]').first().fill(DEMO.password)
  await page.locator('form button[type="submit"]').first().click()
  await page.waitForURL(`${BASE}/`)
  const original = (await page.locator('html').getAttribute('lang')) ?? 'en'
  try {
    for (const locale of locales) {
      await setLanguage(page, locale)
      const t = await messages(locale)
      await mkdir(`${ROOT}public/screenshots/${locale}`, { recursive: true })
      for (const id of SCREENSHOTS) {
        const bytes = await webp(await SHOTS[id](page, t))
        await writeFile(`${ROOT}public/screenshots/${locale}/${id}.webp`, bytes)
        console.log(`  ${locale}/${id}.webp  ${(bytes.length / 1000).toFixed(1)} KB`)
      }
    }
  } finally {
    await setLanguage(page, original).catch(() => {})
    await browser.close()
  }
}

await main()
