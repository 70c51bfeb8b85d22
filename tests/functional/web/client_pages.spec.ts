import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { makeUser, resetState } from '#tests/support/helpers'
import { WebSession, pageCall, signedIn } from '#tests/support/web_session'

const PNG = [0x89, 0x50, 0x4e, 0x47]

test.group("Web: help centre, what's new and the dismissible notices", (group) => {
  group.each.setup(() => resetState())

  test("help and what's new are open to everyone, in the visitor's language, with the support address", async ({
    assert,
  }) => {
    const german = new WebSession({ 'accept-language': 'de' })
    const help = await german.visit('/help')
    assert.equal(help.component, 'client/help')
    assert.equal(help.props.supportEmail, 'support@mnemo.app')
    assert.include(help.props.topics, 'reminders')
    assert.equal((await german.messages(help))['ui.client.help.title'], 'Hilfe-Center')
    const visitor = new WebSession()
    const news = WebSession.page((await visitor.get('/whats-new')).text)
    const english = await visitor.messages(news)
    assert.equal(news.component, 'client/whats_new')
    assert.isAbove(news.props.entries.length, 0)
    for (const entry of news.props.entries)
      assert.isString(english[`ui.client.whats_new.entries.${entry.id}.title`])
  })

  test(
    'the rebrand notice and the app banner show until dismissed, then stay away on that browser (signed ' +
      'out too)',
    async ({ assert }) => {
      const web = new WebSession()
      let page = await web.visit('/help')
      assert.deepInclude(page.props.notices, { rebrand: true, appBanner: true })
      const claims = (await web.messages(page))['ui.client.app_banner.claims']
      assert.include(claims, '5M+')
      assert.include(claims, '40K+')
      const dismissed = await web.post('/notices/rebrand/dismiss')
      assert.equal(dismissed.status, 302)
      page = await web.visit('/help')
      assert.deepInclude(page.props.notices, { rebrand: false, appBanner: true })
      await web.post('/notices/app_banner/dismiss')
      page = await web.visit('/whats-new')
      assert.deepInclude(page.props.notices, { rebrand: false, appBanner: false })
      /* another browser still sees them */
      assert.deepInclude(
        WebSession.page((await new WebSession().get('/help')).text).props.notices,
        {
          rebrand: true,
        }
      )
      /* an unknown notice is a 404; without the CSRF token the form is refused */
      assert.equal((await web.post('/notices/everything/dismiss')).status, 404)
      const fresh = new WebSession()
      await fresh.get('/help')
      await fresh.post('/notices/rebrand/dismiss', {}, { csrf: false })
      assert.deepInclude((await fresh.visit('/help')).props.notices, { rebrand: true })
    }
  )
})

test.group('Web: the year in review', (group) => {
  group.each.setup(() => resetState())

  test("the slides' figures are the learner's own; signed out goes to sign in", async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    const other = await makeUser()
    const year = Number(user.today().slice(0, 4))
    await db.table('study_days').insert({ user_id: user.id, day: user.today(), cards_studied: 7 })
    await db
      .table('study_days')
      .insert({ user_id: other.id, day: other.today(), cards_studied: 99 })
    const page = await web.visit('/wrapped')
    assert.equal(page.component, 'client/wrapped')
    assert.equal(page.props.wrapped.year, year)
    assert.equal(page.props.wrapped.studiedCardsCount, 7)
    assert.equal(page.props.wrapped.activeDaysCount, 1)
    assert.equal(page.props.currentYear, year)
    /* joined this year: no other year is offered */
    assert.equal(page.props.firstYear, year)
    await db
      .from('users')
      .where('id', user.id)
      .update({ created_at: new Date(Date.UTC(year - 1, 5, 1)) })
    assert.equal((await web.visit('/wrapped')).props.firstYear, year - 1)
    const earlier = await web.visit(`/wrapped?year=${year - 1}`)
    assert.equal(earlier.props.wrapped.studiedCardsCount, 0)

    const anonymous = await new WebSession().get('/wrapped')
    assert.equal(anonymous.status, 302)
    assert.match(anonymous.location!, /sign-in/)
  })

  test(
    'the share image is a PNG made on the server, on the web and in the API (own year only; a ' +
      'token is needed)',
    async ({ client, assert }) => {
      const { user, web } = await signedIn()
      await db
        .table('study_days')
        .insert({ user_id: user.id, day: user.today(), cards_studied: 12 })
      const base = `http://${process.env.HOST}:${process.env.PORT}`
      const response = await fetch(`${base}/wrapped/share.png`, {
        headers: { cookie: [...web.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      })
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('content-type'), 'image/png')
      const bytes = new Uint8Array(await response.arrayBuffer())
      assert.deepEqual([...bytes.slice(0, 4)], PNG)
      /* 1080 × 1350, from the PNG header */
      const view = new DataView(bytes.buffer)
      assert.deepEqual([view.getUint32(16), view.getUint32(20)], [1080, 1350])

      const token = (await User.accessTokens.create(user)).value!.release()
      const api = await client.get('/api/users/wrapped/share.png').bearerToken(token)
      api.assertStatus(200)
      assert.equal(api.header('content-type'), 'image/png')
      ;(await client.get('/api/users/wrapped/share.png')).assertStatus(401)
      ;(
        await client.get('/api/users/wrapped/share.png').bearerToken(token).qs({ year: 'abc' })
      ).assertStatus(422)
      assert.equal((await new WebSession().get('/wrapped/share.png')).status, 302)
    }
  )
})

test.group('Web: feedback and the study reminder in the settings', (group) => {
  group.each.setup(() => resetState())

  test("stars map to the spec's feedback types and are stored for the learner", async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    await web.get('/settings')
    for (const stars of [1, 2, 3, 4, 5])
      assert.equal(
        (await web.post('/feedback', { stars, text: `${stars} <i>stars</i>` })).status,
        302
      )
    const rows = await db
      .from('app_ratings')
      .where('user_id', user.id)
      .orderBy('id')
      .select('feedback_type', 'text', 'prefix')
    assert.deepEqual(
      rows.map((row) => row.feedback_type),
      ['not_at_all', 'not_at_all', 'its_okay', 'a_lot', 'love_it']
    )
    assert.equal(rows[0].text, '1 stars')
    assert.equal(rows[0].prefix, 'web_settings')
    await web.post('/feedback', { stars: 6 })
    assert.lengthOf(await db.from('app_ratings').where('user_id', user.id), 5)
    assert.equal(
      (await new WebSession().post('/feedback', { stars: 5 })).status,
      302,
      'signed out: to sign in'
    )
    assert.lengthOf(await db.from('app_ratings'), 5)
  })

  test(
    'a page\'s rating names where it was asked; the session\'s request closes on its answer or "Not now", ' +
      'and stays closed',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      await web.get('/settings')
      const learnPage = async () => {
        const deck = await db.from('decks').where('user_id', user.id).first()
        return (await web.visit(`/decks/${deck.id}/learn`)).props.session.feedbackRequest
      }
      const { createDeck } = await import('#actions/decks/create_deck')
      await createDeck(user, { name: 'Capitals' })
      assert.deepEqual(await learnPage(), { open: true, afterActiveDays: 3 })

      const onboarding = await pageCall(web, 'POST', '/feedback', {
        stars: 3,
        source: 'onboarding',
      })
      assert.equal(onboarding.status, 201)
      assert.equal(onboarding.body.feedbackType, 'its_okay')
      assert.deepEqual(
        await learnPage(),
        { open: true, afterActiveDays: 3 },
        'a rating from elsewhere leaves the request open'
      )
      const unknown = await pageCall(web, 'POST', '/feedback', { stars: 3, source: 'homepage' })
      assert.equal(unknown.status, 422)
      assert.equal(unknown.body.errors[0].field, 'source')

      assert.equal(
        (await pageCall(web, 'POST', '/feedback', { stars: 1, source: 'session_complete' })).status,
        201
      )
      assert.deepEqual(await learnPage(), { open: false, afterActiveDays: 3 })
      /* a late "Not now" from another browser changes nothing */
      assert.equal((await pageCall(web, 'POST', '/feedback/request/dismiss')).status, 204)
      const row = await db
        .from('users')
        .where('id', user.id)
        .select('feedback_request_state', 'feedback_request_closed_at')
        .first()
      assert.equal(row.feedback_request_state, 'answered')
      assert.isNotNull(row.feedback_request_closed_at)
      const rows = await db
        .from('app_ratings')
        .where('user_id', user.id)
        .orderBy('id')
        .select('feedback_type', 'prefix')
      assert.deepEqual(rows, [
        { feedback_type: 'its_okay', prefix: 'web_onboarding' },
        { feedback_type: 'not_at_all', prefix: 'web_session_complete' },
      ])

      const other = await makeUser({ email: 'bo@example.test' })
      const bo = new WebSession()
      await bo.get('/sign-in')
      await bo.post('/sign-in', { email: other.email, password: 'correct-horse-battery' })
      assert.equal((await pageCall(bo, 'POST', '/feedback/request/dismiss')).status, 204)
      assert.equal((await User.findOrFail(other.id)).feedbackRequestState, 'dismissed')
      const anonymous = new WebSession()
      await anonymous.get('/sign-in')
      assert.equal(
        (await pageCall(anonymous, 'POST', '/feedback/request/dismiss')).status,
        401,
        'signed out'
      )
    }
  )

  test(
    'the reminder is chosen in the settings; turning it on needs a time; the settings show its ' +
      'next instant',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      let page = await web.visit('/settings')
      assert.deepEqual(page.props.reminder, { time: null, enabled: false, nextAt: null })

      await web.put('/settings/reminder', {
        study_reminder_time: null,
        study_reminder_enabled: true,
      })
      page = await web.visit('/settings')
      assert.equal(page.props.errors.study_reminder_time, 'Choose a time for your reminder first')
      await user.refresh()
      assert.isFalse(user.studyReminderEnabled)

      await web.put('/settings/reminder', {
        study_reminder_time: '25:00',
        study_reminder_enabled: true,
      })
      await user.refresh()
      assert.isNull(user.studyReminderTime)

      assert.equal(
        (
          await web.put('/settings/reminder', {
            study_reminder_time: '07:45',
            study_reminder_enabled: true,
          })
        ).status,
        302
      )
      await user.refresh()
      assert.equal(user.studyReminderTime, '07:45')
      assert.isTrue(user.studyReminderEnabled)
      page = await web.visit('/settings')
      assert.equal(page.props.reminder.time, '07:45')
      assert.isTrue(page.props.reminder.enabled)
      const next = new Date(page.props.reminder.nextAt)
      assert.isAbove(next.getTime(), Date.now() - 1000)
      assert.isBelow(next.getTime(), Date.now() + 24 * 3_600_000 + 1000)
    }
  )
})

test.group("Web and API: the public profile's bio, links and avatar colour", (group) => {
  group.each.setup(() => resetState())

  test('saved from the account page, sanitized, shown on the public profile the account page links to', async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    user.username = 'ana.learns'
    await user.save()
    await web.get('/account')
    const saved = await web.put('/account/public-profile', {
      about: 'I learn <b>Spanish</b><script>alert(1)</script> & French',
      avatar_color: 'green',
      social_links: {
        website: 'https://ana.example/',
        youtube: 'https://www.youtube.com/@ana',
        instagram: '',
        x: 'https://x.com/ana',
      },
    })
    assert.equal(saved.status, 302)
    await user.refresh()
    assert.equal(user.about, 'I learn Spanish & French')
    assert.equal(user.avatarColor, 'green')
    assert.deepEqual(user.socialLinks, {
      website: 'https://ana.example/',
      youtube: 'https://www.youtube.com/@ana',
      x: 'https://x.com/ana',
    })

    const account = await web.visit('/account')
    assert.equal(account.props.account.about, 'I learn Spanish & French')
    assert.deepEqual(account.props.account.socialLinks, user.socialLinks)
    const profile = WebSession.page((await new WebSession().get('/users/ana.learns')).text)
    assert.equal(profile.props.profile.about, 'I learn Spanish & French')
    assert.equal(profile.props.profile.avatarColor, 'green')
    assert.deepEqual(profile.props.profile.socialLinks, user.socialLinks)
  })

  test(
    'a link off its network, a javascript: link or a wrong colour is refused, and nothing of the ' +
      'form is stored',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      const colour = user.avatarColor
      await web.get('/account')
      for (const body of [
        {
          about: 'new bio',
          avatar_color: colour === 'red' ? 'green' : 'red',
          social_links: { youtube: 'https://evil.example/watch' },
        },
        {
          about: 'new bio',
          avatar_color: colour === 'red' ? 'green' : 'red',
          social_links: { website: 'javascript:alert(1)' },
        },
        {
          about: 'new bio',
          avatar_color: colour === 'red' ? 'green' : 'red',
          social_links: { x: 'https://x.com/ana', tiktok: 'ftp://tiktok.com/ana' },
        },
        { about: 'new bio', avatar_color: 'pink' },
      ]) {
        assert.equal((await web.put('/account/public-profile', body)).status, 302)
      }
      const page = await web.visit('/account')
      assert.isString(page.props.errors.avatar_color)
      await user.refresh()
      assert.isNull(user.about)
      assert.equal(user.avatarColor, colour)
      assert.deepEqual(user.socialLinks, {})
    }
  )

  test("PUT users/{id} takes the links and the reminder, all or nothing; another user's id is a 404", async ({
    client,
    assert,
  }) => {
    const ana = await makeUser({ username: 'ana.api' })
    await makeUser({ username: 'taken.name' })
    const bob = await makeUser()
    const token = (await User.accessTokens.create(ana)).value!.release()

    const ok = await client
      .put(`/api/users/${ana.id}`)
      .bearerToken(token)
      .json({
        user: {
          about: '<img src=x onerror=alert(1)>Hola',
          social_links: { tiktok: 'https://www.tiktok.com/@ana' },
          study_reminder_time: '20:15',
          study_reminder_enabled: true,
        },
      })
    ok.assertStatus(200)
    assert.equal(ok.body().about, 'Hola')
    assert.deepEqual(ok.body().socialLinks, { tiktok: 'https://www.tiktok.com/@ana' })
    assert.equal(ok.body().studyReminder.time, '20:15')
    assert.isTrue(ok.body().studyReminder.enabled)
    assert.isString(ok.body().studyReminder.nextAt)

    /* a taken username with new links: neither is stored */
    const taken = await client
      .put(`/api/users/${ana.id}`)
      .bearerToken(token)
      .json({
        user: {
          username: 'taken.name',
          social_links: { tiktok: null, website: 'https://ana.example' },
        },
      })
    taken.assertStatus(422)
    assert.equal(taken.body().code, 'E_USERNAME_TAKEN')
    await ana.refresh()
    assert.deepEqual(ana.socialLinks, { tiktok: 'https://www.tiktok.com/@ana' })

    const noTime = await client
      .put(`/api/users/${ana.id}`)
      .bearerToken(token)
      .json({ user: { study_reminder_time: null, about: 'changed' } })
    noTime.assertStatus(422)
    assert.equal(noTime.body().code, 'E_REMINDER_TIME_REQUIRED')
    await ana.refresh()
    assert.equal(ana.about, 'Hola')
    assert.equal(ana.studyReminderTime, '20:15')

    const badLink = await client
      .put(`/api/users/${ana.id}`)
      .bearerToken(token)
      .json({ user: { social_links: { instagram: 'https://instagram.evil.example/ana' } } })
    badLink.assertStatus(422)
    assert.equal(badLink.body().errors[0].field, 'user.social_links.instagram')
    assert.equal(badLink.body().errors[0].rule, 'socialLink')

    const foreign = await client
      .put(`/api/users/${bob.id}`)
      .bearerToken(token)
      .json({ user: { about: 'hijack' } })
    foreign.assertStatus(404)
    await bob.refresh()
    assert.isNull(bob.about)

    const me = await client.get('/api/users/me').bearerToken(token)
    assert.deepEqual(me.body().studyReminder.time, '20:15')
  })
})
