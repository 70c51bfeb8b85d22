import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { appUrl } from '#config/app'
import { LOCALES } from '#config/i18n'
import { ARTICLES, articlePath } from '#services/articles/catalogue'
import { ARTICLE_KINDS } from '#types/articles'
import { resetState } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'

/* what the menus said before these pages existed, in each language */
const COMING_SOON = [
  'Coming soon',
  'Demnächst verfügbar',
  'Em breve',
  'Próximamente',
  'Bientôt disponible',
]

/* as React writes text into HTML */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

/** Every page: its path, and the message keys of its title and description. */
const PAGES = [
  { path: '/guides', key: 'articles.guides' },
  { path: '/blog', key: 'articles.blog' },
  ...ARTICLE_KINDS.flatMap((kind) =>
    ARTICLES[kind].map((entry) => ({
      path: articlePath(kind, entry.slug),
      key: `articles.${kind}.${entry.id}`,
    }))
  ),
]

test.group('Web: guides, solutions and blog', (group) => {
  group.each.setup(() => resetState())

  test(
    "every guide, solution and post answers 200 signed out, server-rendered in the visitor's language with " +
      'title, description and canonical link',
    async ({ assert }) => {
      assert.lengthOf(PAGES, 11)
      for (const locale of LOCALES) {
        const web = new WebSession({ 'accept-language': locale })
        const t = (key: string) => i18nManager.locale(locale).t(key)
        for (const { path, key } of PAGES) {
          const response = await web.get(path)
          assert.equal(response.status, 200, `${locale} ${path}`)
          const page = response.text
          assert.include(page, `<html lang="${locale}"`)
          assert.match(
            page,
            new RegExp(
              `<title[^>]*>${html(t(`${key}.title`)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · Mnemo</title>`
            ),
            `${locale} ${path} title`
          )
          assert.include(page, `<h1>${html(t(`${key}.title`))}</h1>`)
          assert.include(
            page,
            `<meta name="description" content="${html(t(`${key}.description`))}"`
          )
          assert.include(page, `<link rel="canonical" href="${appUrl}${path}"`)
          assert.notInclude(page, 'translation missing')
        }
      }
    }
  )

  test(
    "an article's text and screenshots are in the HTML, each screenshot in the reader's language with " +
      'its caption',
    async ({ assert }) => {
      const page = (
        await new WebSession({ 'accept-language': 'de' }).get('/guides/getting-started')
      ).text
      assert.include(page, 'Verteilte Wiederholung heißt')
      assert.include(
        page,
        `<img src="/screenshots/de/study.webp" ` +
          `alt="${html(i18nManager.locale('de').t('articles.screenshots.study'))}" width="960" height="`
      )
      const props = WebSession.page(page).props.article
      assert.equal(props.kind, 'guides')
      assert.sameMembers(
        props.others.map((other: { href: string }) => other.href),
        ['/guides/writing-good-flashcards', '/guides/publishing-to-the-library']
      )
      const screenshot = await fetch(`${new WebSession().base}/screenshots/de/study.webp`)
      assert.equal(screenshot.status, 200)
      assert.equal(screenshot.headers.get('content-type'), 'image/webp')
    }
  )

  test('the menus link every page and say "coming soon" nowhere, in every language', async ({
    assert,
  }) => {
    for (const locale of LOCALES) {
      const page = (await new WebSession({ 'accept-language': locale }).get('/')).text
      const nav = page.slice(page.indexOf('<header class="nav-bar"'), page.indexOf('</header>'))
      for (const soon of COMING_SOON) assert.notInclude(nav, soon, `${locale}: "${soon}"`)
      assert.notInclude(nav, 'aria-disabled')
      for (const path of [
        '/guides',
        '/blog',
        '/help',
        '/whats-new',
        '/solutions/students',
        '/solutions/teachers',
        '/solutions/language-learners',
      ]) {
        assert.include(nav, `href="${path}"`, `${locale}: the menu links ${path}`)
      }
    }
  })

  test('the featured guides the apps get link to pages that answer 200', async ({
    client,
    assert,
  }) => {
    const { guides } = (await client.get('/api/guides/featured')).body()
    assert.lengthOf(guides, 3)
    for (const guide of guides) {
      const { pathname } = new URL(guide.url)
      const page = await new WebSession().get(pathname)
      assert.equal(page.status, 200, guide.url)
      assert.include(page.text, `<h1>${html(guide.title)}</h1>`)
    }
  })

  test('an unknown guide, solution or post is the 404 page', async ({ assert }) => {
    for (const path of [
      '/guides/no-such-guide',
      '/solutions/dentists',
      '/blog/no-such-post',
      '/guides/Getting-Started',
    ]) {
      const response = await new WebSession({ 'accept-language': 'fr' }).get(path)
      assert.equal(response.status, 404, path)
      assert.equal(WebSession.page(response.text).component, 'errors/not_found')
    }
  })

  test('sitemap.xml lists the guides, solutions and posts', async ({ client, assert }) => {
    const xml = (await client.get('/sitemap.xml')).text()
    for (const { path } of PAGES) assert.include(xml, `<loc>${appUrl}${path}</loc>`)
  })
})
