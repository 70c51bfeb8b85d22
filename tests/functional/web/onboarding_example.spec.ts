import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState, tokenFor } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { aiDoubleGroup, notesOf, waitForStream } from '#tests/functional/api/ai/support'
import { ONBOARDING_CARDS } from '#actions/ai/generation_limits'

/*
 * The onboarding's "Make a deck with AI" (spec: the AI onboarding example
 * creates 20 cards): a POST from the suggestions step, the cards made in the
 * worker, the generator's page following them. Once per learner.
 */
const streamOf = (location: string | null | undefined) =>
  Number(new URL(location ?? '', 'http://x').searchParams.get('stream'))

test.group('Web onboarding: the AI example deck, offline', (group) => {
  group.each.setup(() => resetState())

  test(
    'offline: 20 cards from the bundled text, once however often it is asked for, followed on the ' +
      'generator page',
    async ({ client, assert }) => {
      const { user, web } = await signedIn()
      await db
        .from('users')
        .where('id', user.id)
        .update({ onboarding_data: JSON.stringify({ goal: 'other', materialKey: 'sciences' }) })
      const page = await web.visit('/onboarding')
      assert.equal(page.props.onboarding.aiExampleUrl, '/onboarding/ai-example')

      const made = await web.post('/onboarding/ai-example')
      assert.equal(made.status, 302)
      assert.match(made.location!, /^\/ai\/generate\?stream=\d+$/)
      const streamId = streamOf(made.location)
      /* a double click, the back button: the same stream, no second deck */
      const again = await web.post('/onboarding/ai-example')
      assert.equal(again.location, made.location)
      assert.equal(
        Number((await db.from('ai_streams').where('user_id', user.id).count('* as n').first()).n),
        1
      )
      assert.isTrue((await db.from('users').where('id', user.id).first()).onboarding_complete)

      const generator = await web.visit(made.location!)
      assert.equal(generator.component, 'ai/generate')
      assert.equal(generator.props.stream.streamId, streamId)
      assert.isString(generator.props.stream.channel)
      const done = await waitForStream(client, await tokenFor(user), streamId)
      assert.equal(done.status, 'done', JSON.stringify(done.error))
      assert.lengthOf(await notesOf(done.deckId), ONBOARDING_CARDS)
    }
  )

  test("another learner's stream is not followed; signed out, or without the XSRF token, nothing is made", async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    const made = await web.post('/onboarding/ai-example')
    const other = await signedIn('bob@example.test')
    const theirs = WebSession.page((await other.web.get(made.location!)).text)
    assert.equal(theirs.component, 'ai/generate')
    assert.isNull(theirs.props.stream)

    /* a forged form: sent back with the page-expired message, nothing made */
    const forged = await other.web.post('/onboarding/ai-example', {}, { csrf: false })
    assert.notInclude(forged.location ?? '', 'stream=')
    assert.equal(
      WebSession.page((await other.web.get('/')).text).props.flash.error,
      'This page has expired. Please try again.'
    )
    const visitor = new WebSession()
    await visitor.get('/sign-in')
    const anonymous = await visitor.post('/onboarding/ai-example')
    assert.match(anonymous.location ?? '', /\/sign-in/)
    assert.equal(Number((await db.from('ai_streams').count('* as n').first()).n), 1)
  })
})

test.group('Web onboarding: the AI example deck, with a provider', (group) => {
  aiDoubleGroup(group)

  test("the cards are about what the answers say: the language and level, in the learner's words", async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn()
    await db
      .from('users')
      .where('id', user.id)
      .update({
        onboarding_data: JSON.stringify({
          goal: 'languages',
          languageKey: 'spanish',
          languageLevel: 'beginner',
        }),
      })
    const made = await web.post('/onboarding/ai-example')
    const stream = await db.from('ai_streams').where('id', streamOf(made.location)).first()
    assert.equal(stream.request.userPrompt, 'Spanish (Beginner)')
    assert.equal(stream.max_cards, ONBOARDING_CARDS)
    const done = await waitForStream(client, await tokenFor(user), stream.id)
    assert.equal(done.status, 'done', JSON.stringify(done.error))
  })
})
