/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { readdir, readFile } from 'node:fs/promises'
import { seedStarterDecks, STARTER_DECKS } from '#database/starter_decks'
import { unsubscribeUrl } from '#services/urls/unsubscribe_link'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import NoteType from '#models/note_type'

/*
 * The screens of the onboarding, presets, profile, story, help, reminders and
 * client-rules issue, walked in each of the five languages at a phone's width
 * and a desktop's: every one fits the screen (nothing scrolls sideways), shows
 * no message key in place of its text, and has no line left in English: a
 * line that reads as on the English page must be one the languages share (a
 * message the catalogues spell alike, "Status", "Tablet", a font's name),
 * the learner's own content (deck names, cards, the starter decks), or
 * figures and symbols.
 */
const LOCALES = ['en', 'de', 'pt', 'es', 'fr'] as const
const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 900 }

const ui = (locale: string, key: string, values?: Record<string, unknown>) =>
  i18nManager.locale(locale).t(`ui.${key}`, values)

type Shared = { texts: Set<string>; patterns: RegExp[] }
type Sweep = {
  page: Page
  locale: string
  english: Map<string, string>
  seen: string[]
  assert: any
  shared: Map<string, Shared>
  content: Set<string>
}

/** A language's messages, flattened (ui.json and ui/*.json). */
async function catalogue(locale: string) {
  const flat: Record<string, string> = {}
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') flat[prefix] = node
    else
      for (const [key, value] of Object.entries(node as object))
        walk(prefix ? `${prefix}.${key}` : key, value)
  }
  const dir = app.makePath('resources', 'lang', locale)
  walk('ui', JSON.parse(await readFile(`${dir}/ui.json`, 'utf8')))
  for (const file of await readdir(`${dir}/ui`))
    walk(`ui.${file.replace('.json', '')}`, JSON.parse(await readFile(`${dir}/ui/${file}`, 'utf8')))
  return flat
}

/* a message with simple arguments ("{value} s") as the lines it makes */
const patternOf = (message: string) =>
  new RegExp(
    `^${message
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`
  )

/** The messages a language spells as English does, plain or with arguments. */
async function sharedMessages() {
  const english = await catalogue('en')
  const shared = new Map<string, Shared>()
  for (const locale of LOCALES) {
    const messages = await catalogue(locale)
    const alike = Object.keys(messages)
      .filter((key) => messages[key] === english[key])
      .map((key) => messages[key])
    shared.set(locale, {
      texts: new Set(alike),
      patterns: alike
        .filter((message) => /\{\w+\}/.test(message) && !/[{,]\s*(plural|select)/.test(message))
        .map(patternOf),
    })
  }
  return shared
}

/* figures, symbols and single letters (the toolbar's B, I, U) read alike in every language */
const LANGUAGE_FREE = /^[\p{N}\p{P}\p{S}\s]*$|^\S{1,2}$/u
/* a deck's name behind the back arrow, a field's required star */
const trimmed = (line: string) => line.replace(/^[‹›←→\s]+/, '').replace(/[\s*]+$/, '')

/** The lines of the page that read as they did in English and are neither shared, content nor figures. */
function englishLines(sweep: Sweep, screen: string, text: string) {
  const before = new Set(
    sweep.english
      .get(screen)!
      .split('\n')
      .map((line) => line.trim())
  )
  const shared = sweep.shared.get(sweep.locale)!
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && before.has(line))
    .filter((line) => !LANGUAGE_FREE.test(line) && !sweep.content.has(trimmed(line)))
    .filter(
      (line) =>
        !shared.texts.has(line) &&
        !shared.texts.has(trimmed(line)) &&
        !shared.patterns.some((pattern) => pattern.test(line))
    )
}

/** One screen as it stands: at both widths it fits, no key shows, and (past English) its text is not English's. */
async function check(sweep: Sweep, screen: string) {
  const { page, locale, english, assert } = sweep
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth
    )
    assert.isAtMost(overflow, 0, `${screen} (${locale}) scrolls sideways at ${size.width} px`)
  }
  const text = await page.locator('body').innerText()
  assert.notMatch(text, /\bui\.[a-z_]+\.[a-z_.]+/, `${screen} (${locale}) shows a message key`)
  if (locale === 'en') english.set(screen, text)
  else
    assert.deepEqual(
      englishLines(sweep, screen, text),
      [],
      `${screen} (${locale}): lines still in English`
    )
  sweep.seen.push(screen)
}

/** The onboarding from its first question to the paywall, choosing the first answer each time; every step checked. */
async function walkOnboarding(sweep: Sweep) {
  const { page } = sweep
  await open(page, '/onboarding')
  const steps: string[] = []
  for (let guard = 0; guard < 25; guard++) {
    const frame = page.locator('.onboarding[data-step]')
    await frame.waitFor()
    const step = (await frame.getAttribute('data-step'))!
    if (step === 'loader') {
      await page.waitForFunction(
        () => document.querySelector('.onboarding')?.getAttribute('data-step') !== 'loader'
      )
      continue
    }
    steps.push(step)
    await check(sweep, `onboarding:${step}`)
    if (step === 'paywall') break
    const choice = page
      .locator('.onboarding .onboarding-options button, .onboarding > :not(header) .button.primary')
      .first()
    await choice.click()
    await page.waitForFunction(
      (before) => document.querySelector('.onboarding')?.getAttribute('data-step') !== before,
      step
    )
  }
  return steps
}

test.group('The new screens in five languages, at phone and desktop widths', (group) => {
  group.each.setup(() => resetState())

  test(
    "onboarding, card style, settings, account, story, help, what's new, extension, unsubscribe, card " +
      'history and move',
    async ({ visit, assert, cleanup }) => {
      const moderator = await makeUser({ email: 'moderator@example.test' })
      moderator.isAdmin = true
      await moderator.save()
      await seedStarterDecks(moderator)

      const user = await makeUser({ email: 'ana@example.test' })
      user.learningTutorialSeen = true
      await user.save()
      await db
        .table('study_days')
        .insert({ user_id: user.id, day: user.today(), cards_studied: 12 })
      const deck = await createDeck(user, { name: 'Capitals' })
      await createDeck(user, { name: 'Europe' })
      const reversed = await NoteType.query()
        .whereNull('user_id')
        .where('kind', 'reversed')
        .firstOrFail()
      await bulkCreateNotes(user, {
        deck_id: deck.id,
        import_data: [{ front: 'Capital of Peru', back: 'Lima' }],
        template_id: reversed.id,
      })

      const page = await hydrated(await visit('/sign-in'))
      /* what the learner made or picked reads the same in any language */
      const content = new Set([
        'Mnemo',
        'Test User',
        'ana@example.test',
        'support@mnemo.app',
        'Capital of Peru',
        'Lima',
        'Capital of Chile',
        'Capitals',
        'Europe',
      ])
      for (const starter of STARTER_DECKS)
        [starter.name, starter.description].forEach((text) => content.add(text))
      const sweep: Sweep = {
        page,
        locale: 'en',
        english: new Map(),
        seen: [],
        assert,
        shared: await sharedMessages(),
        content,
      }
      /* the editor's unsaved text: leaving it is meant (the browser's "leave this page?" is accepted) */
      page.on('dialog', (dialog) => dialog.accept())
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', `five_languages_${sweep.locale}.png`),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')

      for (const locale of LOCALES) {
        sweep.locale = locale
        await db.from('users').where('id', user.id).update({ locale, onboarding_complete: false })

        const steps = await walkOnboarding(sweep)
        assert.includeMembers(steps, [
          'age',
          'intro',
          'goal',
          'languages',
          'minutes',
          'reminders',
          'explain',
          'suggestions',
          'paywall',
        ])
        await open(page, '/')
        assert.equal(await page.evaluate(() => document.documentElement.lang), locale)

        for (const [screen, path] of [
          ['card style', `/decks/${deck.id}/card-style`],
          ['settings', '/settings'],
          ['account', '/account'],
          ['help', '/help'],
          ["what's new", '/whats-new'],
          ['extension', '/extension/connected'],
        ] as const) {
          await open(page, path)
          await page.locator('h1').first().waitFor()
          await check(sweep, screen)
        }

        /* the story: every slide */
        await open(page, '/wrapped')
        const next = page.getByRole('button', {
          name: ui(locale, 'client.wrapped.next'),
          exact: true,
        })
        for (let slide = 0; slide < 12; slide++) {
          const name = await page.locator('[data-slide]').first().getAttribute('data-slide')
          await check(sweep, `story:${name}`)
          if (!(await next.isEnabled())) break
          await next.click()
          await page.waitForFunction(
            (before) =>
              document.querySelector('[data-slide]')?.getAttribute('data-slide') !== before,
            name
          )
        }

        /* the reminder's unsubscribe page, from the e-mail's link */
        const link = new URL(unsubscribeUrl(user.id))
        await open(page, `${link.pathname}${link.search}`)
        await check(sweep, 'unsubscribe')

        /* the card list's history sheet */
        await open(page, `/decks/${deck.id}?tab=cards`)
        await page
          .getByRole('button', {
            name: ui(locale, 'decks.cards.history_of', { front: 'Capital of Peru' }),
          })
          .click()
        await page
          .getByRole('dialog', { name: ui(locale, 'learn.sheet.title') })
          .getByText(ui(locale, 'learn.sheet.no_history'))
          .waitFor()
        await check(sweep, 'card history')

        /* "move" in a session: the destination picker */
        await open(page, `/decks/${deck.id}/learn`)
        await page.frameLocator('.learn-card iframe').getByText('Capital of Peru').waitFor()
        await page
          .getByRole('toolbar')
          .getByRole('button', { name: ui(locale, 'learn.actions.move'), exact: true })
          .click()
        await page.getByRole('dialog').getByLabel('Europe').waitFor()
        await check(sweep, 'move in a session')

        /* the editor's "last card not saved" notice */
        await open(page, `/decks/${deck.id}/notes/new`)
        await page.route(/\/decks\/\d+\/notes$/, (route) =>
          route.request().method() === 'POST'
            ? route.abort('internetdisconnected')
            : route.continue()
        )
        await page.locator('#note-field-0').click()
        await page.keyboard.insertText('Capital of Chile')
        await page.locator('.note-editor-actions button[type=submit]').click()
        await page
          .getByTestId('note-unsaved')
          .getByText(ui(locale, 'editor.unsaved.title'))
          .waitFor()
        await check(sweep, 'card not saved')
        await page.unroute(/\/decks\/\d+\/notes$/)
      }
      /* every screen in every language */
      assert.equal(sweep.seen.length % LOCALES.length, 0)
      assert.isAbove(sweep.seen.length / LOCALES.length, 25)
    }
  ).timeout(240_000)
})
