/// <reference lib="dom" />
import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright'
import { ARTICLES } from '#services/articles/catalogue'
import { open } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'

/** Opens a menu of the navigation and follows one of its entries; says whether the menu closed behind it. */
async function fromMenu(page: Page, menu: string, entry: string) {
  const details = page
    .locator('details.nav-menu')
    .filter({ has: page.locator('summary', { hasText: menu }) })
  await details.locator('summary').click()
  await details.getByRole('link', { name: entry, exact: true }).click()
  return !(await details.evaluate((element) => (element as HTMLDetailsElement).open))
}

/** Waits for the page's heading; then each screenshot, scrolled to (they load lazily): loaded, with its alt text. */
async function screenshots(page: Page, title: string) {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
  const images = page.locator('.article-body img')
  const seen: { src: string | null; loaded: boolean; alt: string | null }[] = []
  for (let index = 0; index < (await images.count()); index++) {
    const image = images.nth(index)
    await image.scrollIntoViewIfNeeded()
    await page.waitForFunction(
      (element) => (element as HTMLImageElement).complete,
      await image.elementHandle()
    )
    const loaded = await image.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0)
    seen.push({
      src: await image.getAttribute('src'),
      loaded,
      alt: await image.getAttribute('alt'),
    })
  }
  return seen
}

test.group('Guides, solutions and blog in the browser', (group) => {
  group.each.setup(() => resetState())

  for (const locale of ['en', 'fr']) {
    test(
      `from the home page through the menus to every guide, solution and post, with their screenshots ` +
        `(${locale})`,
      async ({ visit, assert }) => {
        const t = (key: string) => i18nManager.locale(locale).t(key)
        const page = await visit('/')
        await page.context().addCookies([{ name: 'locale', value: locale, url: page.url() }])
        await open(page, '/')
        const check = async (title: string) => {
          const images = await screenshots(page, title)
          assert.isAbove(images.length, 0, `${title} shows a screenshot`)
          for (const image of images) {
            assert.isTrue(image.loaded, `${title}: ${image.src} loaded`)
            assert.match(image.src ?? '', new RegExp(`^/screenshots/${locale}/[a-z_]+\\.webp$`))
            assert.isNotEmpty(image.alt, `${title}: ${image.src} has alt text`)
          }
        }

        for (const { id } of ARTICLES.solutions) {
          assert.isTrue(
            await fromMenu(page, t('ui.nav.solutions'), t(`ui.nav.${id}`)),
            'the Solutions menu closes'
          )
          await check(t(`articles.solutions.${id}.title`))
        }
        for (const kind of ['guides', 'blog'] as const) {
          for (const { id } of ARTICLES[kind]) {
            assert.isTrue(
              await fromMenu(page, t('ui.nav.resources'), t(`ui.nav.${kind}`)),
              'the Resources menu closes'
            )
            await page
              .getByRole('heading', { level: 1, name: t(`articles.${kind}.title`), exact: true })
              .waitFor()
            await page
              .locator('.article-cards')
              .getByRole('link', { name: t(`articles.${kind}.${id}.title`), exact: true })
              .click()
            await check(t(`articles.${kind}.${id}.title`))
          }
        }
        /* the last post links to a guide: a link in an article stays on the site */
        await page
          .locator('.article-body')
          .getByRole('link', { name: t('articles.guides.publishing.title') })
          .click()
        await page
          .getByRole('heading', {
            level: 1,
            name: t('articles.guides.publishing.title'),
            exact: true,
          })
          .waitFor()
        assert.equal(new URL(page.url()).pathname, '/guides/publishing-to-the-library')
      }
    )
  }
})
