import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { assertErrorBody, makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { publishDeck, seedCategories } from '#tests/support/library'
import { WebSession } from '#tests/support/web_session'

/* a small library: a deck per goal the questions lead to, and one unpublished */
async function library() {
  await seedCategories()
  const author = await makeUser({ email: 'author@example.test' })
  return {
    spanish: await publishDeck(author, {
      name: 'Spanish basics',
      category: ['languages', 'spanish'],
      notes: ['a', 'b', 'c', 'd'],
    }),
    french: await publishDeck(author, {
      name: 'French basics',
      category: ['languages', 'french'],
      downloads: 50,
    }),
    anatomy: await publishDeck(author, {
      name: 'Anatomy terms',
      category: ['medicine', 'anatomy'],
    }),
    pharmacology: await publishDeck(author, {
      name: 'Drug classes',
      category: ['medicine', 'pharmacology'],
    }),
    capitals: await publishDeck(author, {
      name: 'World capitals',
      category: ['general', 'capitals'],
      downloads: 5,
    }),
    ielts: await publishDeck(author, { name: 'IELTS words', category: ['exams', 'ielts'] }),
    hidden: await publishDeck(author, {
      name: 'Withdrawn Spanish',
      category: ['languages', 'spanish'],
      state: 'unpublished',
    }),
  }
}

test.group('API: onboarding', (group) => {
  group.each.setup(() => resetState())

  test('answers go through PUT users/{id}, merged, all or nothing; the complete flag has its writer', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const token = await tokenFor(user)
    const first = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({
        user: {
          onboarding_data: {
            goal: 'languages',
            languageKey: 'spanish',
            languageLevel: 'beginner',
            languageFocus: 'travel',
            examDate: '2027-06-01',
            studyTime: '18:00',
            minutesPerDay: 10,
          },
        },
      })
    first.assertStatus(200)
    assert.deepEqual(first.body().onboardingData, {
      goal: 'languages',
      languageKey: 'spanish',
      languageLevel: 'beginner',
      languageFocus: 'travel',
      examDate: '2027-06-01',
      studyTime: '18:00',
      minutesPerDay: 10,
    })
    assert.isFalse(first.body().onboardingComplete)

    /* a key left out stays, null removes one, and the flag is written with them */
    const second = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({
        user: {
          onboarding_data: { languageFocus: null, materialKey: 'medicine' },
          onboarding_complete: true,
        },
      })
    second.assertStatus(200)
    assert.notProperty(second.body().onboardingData, 'languageFocus')
    assert.equal(second.body().onboardingData.materialKey, 'medicine')
    assert.equal(second.body().onboardingData.languageKey, 'spanish')
    assert.isTrue(second.body().onboardingComplete)

    /* one bad answer refuses the whole request: neither the name nor the answers change */
    for (const bad of [
      { examDate: '2027-02-30' },
      { goal: 'fame' },
      { studyTime: '25:00' },
      { languageKey: 'klingon' },
      { minutesPerDay: 0 },
    ]) {
      const refused = await client
        .put(`/api/users/${user.id}`)
        .bearerToken(token)
        .json({ user: { name: 'Renamed Person', onboarding_data: { reason: 'work', ...bad } } })
      refused.assertStatus(422)
      assertErrorBody(assert, refused.body(), 'E_VALIDATION_ERROR')
    }
    const stored = await User.findOrFail(user.id)
    assert.equal(stored.name, 'Test User')
    assert.notProperty(stored.onboardingData, 'reason')

    /* a username taken makes the answers given with it roll back too */
    await makeUser({ email: 'bob@example.test', username: 'bob' })
    const taken = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { username: 'bob', onboarding_data: { reason: 'fun' } } })
    taken.assertStatus(422)
    assert.notProperty((await User.findOrFail(user.id)).onboardingData, 'reason')

    /* another user's id is a 404, and their answers do not change */
    const other = await makeUser({ email: 'eve@example.test' })
    const foreign = await client
      .put(`/api/users/${other.id}`)
      .bearerToken(token)
      .json({ user: { onboarding_complete: true } })
    foreign.assertStatus(404)
    assert.isFalse((await User.findOrFail(other.id)).onboardingComplete)
  })

  test(
    'personalised decks follow the goal, the language and the subject; published decks only, then the ' +
      'most cloned',
    async ({ client, assert }) => {
      const decks = await library()
      const user = await makeUser({ email: 'ana@example.test' })
      const token = await tokenFor(user)
      const ask = async (data?: Record<string, unknown>) => {
        const response = await client
          .post('/api/onboarding/get_personalisation_data.json')
          .bearerToken(token)
          .json(data ? { onboarding_data: data } : {})
        response.assertStatus(200)
        return response.body()
      }
      const spanish = await ask({ goal: 'languages', languageKey: 'spanish' })
      assert.equal(spanish.personalisedDecks[0].id, decks.spanish.id)
      assert.deepEqual(Object.keys(spanish.personalisedDecks[0]).sort(), [
        'cardsCount',
        'category',
        'description',
        'id',
        'slug',
        'subcategory',
        'title',
      ])
      assert.equal(spanish.personalisedDecks[0].cardsCount, 4)
      assert.equal(spanish.personalisedDecks[1].id, decks.french.id, 'another language next')
      assert.notInclude(
        spanish.personalisedDecks.map((d: any) => d.id),
        decks.hidden.id
      )
      assert.isFalse(spanish.isComplete)
      /* answers sent here are not stored */
      assert.deepEqual((await User.findOrFail(user.id)).onboardingData, {})

      const exam = await ask({
        goal: 'exam',
        materialKey: 'medicine',
        specificationKey: 'anatomy',
        examName: 'Anatomy final',
      })
      assert.equal(exam.personalisedDecks[0].id, decks.anatomy.id)
      assert.equal(exam.personalisedDecks[1].id, decks.pharmacology.id)
      const ielts = await ask({ goal: 'exam', examName: 'IELTS Academic', examDate: '2027-03-01' })
      assert.equal(ielts.personalisedDecks[0].id, decks.ielts.id)
      const other = await ask({ goal: 'other' })
      assert.equal(other.personalisedDecks[0].id, decks.capitals.id)

      /* stored answers are used when none are sent */
      await client
        .put(`/api/users/${user.id}`)
        .bearerToken(token)
        .json({ user: { onboarding_data: { goal: 'languages', languageKey: 'french' } } })
      const stored = await ask()
      assert.equal(stored.personalisedDecks[0].id, decks.french.id)
      assert.equal(stored.onboardingData.languageKey, 'french')

      const bad = await client
        .post('/api/onboarding/get_personalisation_data.json')
        .bearerToken(token)
        .json({ onboarding_data: { goal: 42 } })
      bad.assertStatus(422)
      ;(await client.post('/api/onboarding/get_personalisation_data.json').json({})).assertStatus(
        401
      )
    }
  )

  test('mark_deck_as_interested remembers a published library deck once; anything else is a 404', async ({
    client,
    assert,
  }) => {
    const decks = await library()
    const user = await makeUser({ email: 'ana@example.test' })
    const token = await tokenFor(user)
    for (let i = 0; i < 2; i++) {
      const response = await client
        .post('/api/onboarding/mark_deck_as_interested')
        .bearerToken(token)
        .json({ deck_id: decks.anatomy.id })
      response.assertStatus(200)
      assert.deepEqual(response.body(), { deckId: decks.anatomy.id, interested: true })
    }
    assert.equal(
      Number(
        (await db.from('onboarding_interests').where('user_id', user.id).count('* as n').first()).n
      ),
      1
    )
    ;(
      await client
        .post('/api/onboarding/mark_deck_as_interested')
        .bearerToken(token)
        .json({ deck_id: decks.hidden.id })
    ).assertStatus(404)
    ;(
      await client
        .post('/api/onboarding/mark_deck_as_interested')
        .bearerToken(token)
        .json({ deck_id: 999999 })
    ).assertStatus(404)
    ;(
      await client.post('/api/onboarding/mark_deck_as_interested').bearerToken(token).json({})
    ).assertStatus(422)
    ;(
      await client
        .post('/api/onboarding/mark_deck_as_interested')
        .bearerToken(token)
        .json({ deck_id: 'x' })
    ).assertStatus(422)
    /* an object no number can be made of (Number() throws on it) is refused like any other bad number */
    ;(
      await client
        .post('/api/onboarding/mark_deck_as_interested')
        .bearerToken(token)
        .json({ deck_id: { toString: 1, valueOf: null } })
    ).assertStatus(422)
  })

  test(
    'the apps: a suggested deck cloned after the exam answer takes the exam date; any other clone, or ' +
      "another learner's, does not",
    async ({ client, assert }) => {
      const decks = await library()
      const examDay = new Date(Date.now() + 49 * 86_400_000).toISOString().slice(0, 10)
      const ana = await makeUser({ email: 'ana@example.test' })
      const bea = await makeUser({ email: 'bea@example.test' })
      const anaToken = await tokenFor(ana)
      const beaToken = await tokenFor(bea)
      for (const [user, token] of [
        [ana, anaToken],
        [bea, beaToken],
      ] as const) {
        ;(
          await client
            .put(`/api/users/${user.id}`)
            .bearerToken(token)
            .json({
              user: {
                onboarding_data: { goal: 'exam', examName: 'Anatomy final', examDate: examDay },
              },
            })
        ).assertStatus(200)
      }
      ;(
        await client
          .post('/api/onboarding/mark_deck_as_interested')
          .bearerToken(anaToken)
          .json({ deck_id: decks.anatomy.id })
      ).assertStatus(200)

      const suggested = await client
        .post('/api/library/clone_deck')
        .bearerToken(anaToken)
        .json({ deck_id: decks.anatomy.id })
      suggested.assertStatus(201)
      assert.equal(suggested.body().examDate, examDay)
      /* a deck the onboarding did not suggest keeps no exam */
      const other = await client
        .post('/api/library/clone_deck')
        .bearerToken(anaToken)
        .json({ deck_id: decks.capitals.id })
      other.assertStatus(201)
      assert.isNull(other.body().examDate)
      /* Ana's interest is hers: Bea, with the same exam answer, clones the deck without it */
      const beas = await client
        .post('/api/library/clone_deck')
        .bearerToken(beaToken)
        .json({ deck_id: decks.anatomy.id })
      beas.assertStatus(201)
      assert.isNull(beas.body().examDate)

      /* an exam date already past is not set */
      await db
        .from('users')
        .where('id', bea.id)
        .update({ onboarding_data: JSON.stringify({ goal: 'exam', examDate: '2020-01-01' }) })
      ;(
        await client
          .post('/api/onboarding/mark_deck_as_interested')
          .bearerToken(beaToken)
          .json({ deck_id: decks.pharmacology.id })
      ).assertStatus(200)
      const past = await client
        .post('/api/library/clone_deck')
        .bearerToken(beaToken)
        .json({ deck_id: decks.pharmacology.id })
      past.assertStatus(201)
      assert.isNull(past.body().examDate)
    }
  )

  test("subject_list: subjects with specifications, and exams, in the request's language", async ({
    client,
    assert,
  }) => {
    const token = await tokenFor(await makeUser())
    const english = await client.get('/api/onboarding/subject_list').bearerToken(token)
    english.assertStatus(200)
    const medicine = english.body().subjects.find((s: any) => s.key === 'medicine')
    assert.equal(medicine.name, 'Medicine')
    assert.deepInclude(medicine.specifications, { key: 'anatomy', name: 'Anatomy' })
    assert.notInclude(
      english.body().subjects.map((s: any) => s.key),
      'languages'
    )
    assert.deepInclude(english.body().exams, { key: 'ielts', name: 'IELTS' })
    const german = await client
      .get('/api/onboarding/subject_list')
      .bearerToken(token)
      .header('accept-language', 'de')
    assert.notEqual(german.body().subjects.find((s: any) => s.key === 'medicine').name, 'Medicine')
  })

  test(
    'the web: a new account is sent to the onboarding; answers are stored; a suggestion is cloned and ' +
      'studied; skip ends it',
    async ({ assert }) => {
      const decks = await library()
      const web = new WebSession()
      await web.get('/sign-up')
      const signUp = await web.post('/sign-up', {
        name: 'Ana Lima',
        email: 'ana@example.test',
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
      })
      assert.equal(signUp.location, '/onboarding')
      const page = await web.visit('/onboarding')
      assert.equal(page.component, 'onboarding/flow')
      assert.equal(page.props.onboarding.aiExampleUrl, '/onboarding/ai-example')

      /* an exam seven weeks ahead, whenever the test runs */
      const examDay = new Date(Date.now() + 49 * 86_400_000).toISOString().slice(0, 10)
      const answers = await web.put('/onboarding/answers', {
        onboarding_data: {
          goal: 'exam',
          materialKey: 'medicine',
          specificationKey: 'anatomy',
          examName: 'Anatomy final',
          examDate: examDay,
        },
      })
      assert.equal(answers.status, 200)
      assert.equal(JSON.parse(answers.text).personalisedDecks[0].id, decks.anatomy.id)
      const user = await User.findByOrFail('email', 'ana@example.test')
      assert.equal(user.onboardingData.examDate, examDay)
      /* a bad answer is refused (a page's form is sent back to it) and nothing changes */
      assert.notEqual(
        (
          await web.put('/onboarding/answers', {
            onboarding_data: { examDate: 'soon', reason: 'fun' },
          })
        ).status,
        200
      )
      await user.refresh()
      assert.equal(user.onboardingData.examDate, examDay)
      assert.notProperty(user.onboardingData, 'reason')

      const start = await web.post('/onboarding/start', { deck_id: decks.anatomy.id })
      const clone = await db
        .from('decks')
        .where('user_id', user.id)
        .where('cloned_from_id', decks.anatomy.id)
        .firstOrFail()
      assert.equal(start.location, `/decks/${clone.id}/learn`)
      /* the exam date the learner gave is the first deck's: exam mode plans toward it */
      const { exam } = await db
        .from('decks')
        .where('id', clone.id)
        .select(db.raw('exam_date::text as exam'))
        .firstOrFail()
      assert.equal(exam, examDay)
      await user.refresh()
      assert.isTrue(user.onboardingComplete)
      assert.equal(
        Number(
          (await db.from('onboarding_interests').where('user_id', user.id).count('* as n').first())
            .n
        ),
        1
      )
      assert.equal((await web.get(start.location!)).status, 200)
      assert.equal((await web.post('/onboarding/start', { deck_id: decks.hidden.id })).status, 404)

      /* a new guest is sent there too, and can skip */
      const guest = new WebSession()
      await guest.get('/get-started')
      assert.equal((await guest.post('/guest')).location, '/onboarding')
      assert.equal((await guest.post('/onboarding/skip')).location, '/')
      const guestId = (await guest.visit('/')).props.user.id
      assert.isTrue((await User.findOrFail(guestId)).onboardingComplete)
    }
  )
})
