import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'

/** The policy as directive → sources. */
function directives(header: string | null) {
  const map = new Map<string, string[]>()
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) map.set(name, sources)
  }
  return map
}

test.group('Web: security headers of the pages', (group) => {
  group.each.setup(() => resetState())

  test(
    'a page sends a strict Content-Security-Policy with a fresh nonce, Referrer-Policy and ' +
      'Permissions-Policy',
    async ({ assert }) => {
      const { web } = await signedIn('ana@example.test')
      const first = await web.get('/')
      const second = await web.get('/')
      for (const response of [first, second, await new WebSession().get('/sign-in')]) {
        const csp = directives(response.headers.get('content-security-policy'))
        assert.deepEqual(csp.get('default-src'), [`'self'`])
        assert.deepEqual(csp.get('object-src'), [`'none'`])
        assert.deepEqual(csp.get('base-uri'), [`'self'`])
        assert.deepEqual(csp.get('form-action'), [`'self'`])
        assert.deepEqual(csp.get('frame-ancestors'), [`'none'`])
        assert.deepEqual(csp.get('media-src'), [`'self'`, 'data:', 'blob:'])
        /*
         * images: the app's own, inline ones, and Unsplash's thumbnails (image search is configured in tests),
         * nothing else
         */
        const images = csp.get('img-src')!
        assert.includeMembers(images, [`'self'`, 'data:', 'blob:'])
        for (const source of images.filter(
          (image) => !["'self'", 'data:', 'blob:'].includes(image)
        )) {
          assert.match(
            source,
            /^(https:\/\/images\.unsplash\.com|http:\/\/127\.0\.0\.1:\d+|https:\/\/\*\.stripe\.com|https:\/\/(\*\.)?cello\.so)$/
          )
        }
        assert.notInclude(csp.get('script-src')!, `'unsafe-inline'`)
        assert.notInclude(csp.get('script-src')!, `'unsafe-eval'`)
        const nonce = csp.get('script-src')!.find((source) => source.startsWith(`'nonce-`))!
        assert.exists(nonce)
        /* the page's own scripts carry it */
        assert.include(response.text, `nonce="${nonce.slice(7, -1)}"`)
        assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin')
        const permissions = response.headers.get('permissions-policy')!
        for (const feature of ['camera=()', 'microphone=()', 'geolocation=()'])
          assert.include(permissions, feature)
      }
      const nonces = [first, second].map((response) =>
        directives(response.headers.get('content-security-policy'))
          .get('script-src')!
          .find((source) => source.startsWith(`'nonce-`))
      )
      assert.notEqual(nonces[0], nonces[1])
    }
  )

  test("an Inertia visit's JSON page goes without the document-only policies; the document keeps them", async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    const document = await web.get('/')
    assert.isNotNull(document.headers.get('content-security-policy'))
    /* the home page's 3-second poll: a partial reload of `polling` */
    const visit = await web.visit('/', ['polling'])
    assert.equal(visit.component, 'home')
    assert.deepEqual(visit.props.polling, [])
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options'])
      assert.isUndefined(visit.headers[name], name)
    assert.equal(visit.headers['referrer-policy'], 'strict-origin-when-cross-origin')
    assert.equal(visit.headers['x-content-type-options'], 'nosniff')
  })
})
