import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { signedIn, WebSession } from '#tests/support/web_session'
import { remoteFlag } from '#services/remote_flags'
import { flagFromElsewhere, resetFlags } from '#tests/functional/api/limits/support'

const page = async (web: WebSession, path: string) => {
  const response = await web.get(path)
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
  return WebSession.page(response.text)
}

test.group('Web: remote flags, the paywall and maintenance', (group) => {
  group.each.setup(() => resetFlags())
  group.teardown(() => resetFlags())

  test('/admin/flags is a 404 for non-admins, and nothing changes through it', async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    assert.equal((await web.get('/admin/flags')).status, 404)
    assert.equal((await web.put('/admin/flags/maintenance', { value: true })).status, 404)
    assert.isFalse(remoteFlag('maintenance'))
    const anonymous = await new WebSession().get('/admin/flags')
    assert.equal(anonymous.status, 302)
  })

  test('an admin lists the flags with their kinds and sets one; every page then shares the new value', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('admin@example.test')
    await db.from('users').where('id', user.id).update({ is_admin: true })
    const flags = await page(web, '/admin/flags')
    assert.equal(flags.component, 'limits/flags')
    assert.deepInclude(flags.props.flags, { name: 'cards_to_paywall', kind: 'integer', value: 100 })
    assert.deepInclude(flags.props.flags, { name: 'maintenance', kind: 'boolean', value: false })
    assert.deepInclude(flags.props.flags, {
      name: 'min_app_version',
      kind: 'version',
      value: '1.5.2',
    })
    assert.equal(flags.props.remoteFlags.cards_to_paywall, 100)

    const saved = await web.put('/admin/flags/cards_to_paywall', { value: 9 })
    assert.equal(saved.status, 302)
    assert.equal(saved.location, '/admin/flags')
    assert.equal((await page(web, '/admin/flags')).props.remoteFlags.cards_to_paywall, 9)
    assert.equal(
      (await db.from('remote_flags').where('name', 'cards_to_paywall').first()).updated_by,
      user.id
    )
    const logged = await db
      .from('admin_audit_logs')
      .where('admin_id', user.id)
      .where('action', 'remote_flag.set')
    assert.deepEqual(
      logged.map((row) => row.details),
      [{ name: 'cards_to_paywall', before: null, after: 9 }]
    )

    const wrong = await web.put('/admin/flags/cards_to_paywall', { value: 'nine' })
    /* back to the page, which tells why (the error is flashed) */
    assert.equal(wrong.status, 302)
    assert.match(wrong.location!, /\/admin\/flags$/)
    assert.include(
      (await web.get('/admin/flags')).text,
      'This value does not fit the flag cards_to_paywall'
    )
    assert.equal(remoteFlag('cards_to_paywall'), 9)
    assert.equal((await web.put('/admin/flags/no_such_flag', { value: 1 })).status, 404)
  })

  test('the paywall page has the plans, the yearly saving, the trial, the benefits and the reason', async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    const paywall = await page(web, '/paywall?reason=daily')
    assert.equal(paywall.component, 'limits/paywall')
    assert.equal(paywall.props.reason, 'daily')
    assert.equal(paywall.props.savingPercent, 50)
    assert.equal(paywall.props.trialDays, 3)
    assert.equal(paywall.props.claimPercent, 35)
    assert.lengthOf(paywall.props.benefits, 7)
    assert.deepEqual(
      paywall.props.plans.map((plan: any) => plan.checkoutUrl),
      ['/checkout/monthly', '/checkout/yearly', '/checkout/lifetime']
    )
    assert.isFalse(paywall.props.isPremium)
    assert.equal((await page(web, '/paywall?reason=<x>')).props.reason, 'upgrade')
    const html = (await web.get('/paywall')).text
    assert.include(html, 'Premium users complete 35% more study sessions')
    assert.include(html, 'Save 50%')
    assert.include(html, 'href="/checkout/yearly"')
    /* settings offers the way there */
    assert.include((await web.get('/settings')).text, 'href="/paywall"')
  })

  test('maintenance shows the server-down alert to users created before it, not to newer ones', async ({
    assert,
  }) => {
    const old = await signedIn('old@example.test')
    await db
      .from('users')
      .where('id', old.user.id)
      .update({ created_at: new Date(Date.now() - 86_400_000) })
    const fresh = await signedIn('new@example.test')
    assert.isFalse((await page(old.web, '/settings')).props.serverDown)
    await flagFromElsewhere(
      'maintenance_started_at',
      new Date(Date.now() - 3_600_000).toISOString()
    )
    await flagFromElsewhere('maintenance', true)
    const down = await old.web.get('/settings')
    assert.isTrue(WebSession.page(down.text).props.serverDown)
    assert.include(down.text, 'data-server-notice="maintenance"')
    assert.isFalse((await page(fresh.web, '/settings')).props.serverDown)
    /* an admin passes the gate on the web too, and finds the flags page to turn it off */
    const admin = await signedIn('admin@example.test')
    await db
      .from('users')
      .where('id', admin.user.id)
      .update({ is_admin: true, created_at: new Date(Date.now() - 86_400_000) })
    assert.isFalse((await page(admin.web, '/settings')).props.serverDown)
  })

  test('the server message is a notice on every page and a header', async ({ assert }) => {
    const { web } = await signedIn('ana@example.test')
    await flagFromElsewhere('server_message', { title: 'Planned upgrade', body: 'Tonight at ten' })
    const response = await web.get('/settings')
    assert.include(response.text, 'Planned upgrade')
    assert.include(response.text, 'data-server-notice="message"')
    assert.deepEqual(
      JSON.parse(Buffer.from(response.headers.get('x-server-message')!, 'base64').toString()),
      { title: 'Planned upgrade', body: 'Tonight at ten' }
    )
  })
})
