import { test } from '@japa/runner'
import { FRAME_CLASS, isSameOriginUrl, scopeCardCss } from '#services/card_presets/scope_css'
import { appearanceCss } from '#services/card_presets/appearance'
import { defaultLook } from '#services/card_presets/types'

/* every selector of the result, read back with a regular expression (the scoper wrote them one per rule) */
const selectorsOf = (css: string) =>
  [...css.matchAll(/(^|})\s*([^{}@]+?)\s*\{/g)]
    .map((match) => match[2].trim())
    .filter((s) => !/^(from|to|\d+%)$/.test(s))

test.group('Card presets: custom CSS is confined to the card frame', () => {
  test('every selector is rewritten under the frame; html, body and :root become the frame itself', ({
    assert,
  }) => {
    const css = scopeCardCss(
      'h1, .x > p { color: red } body { background: #000 } html body .y { margin: 0 } :root { --c: 1px } * { ' +
        'box-sizing: border-box }'
    )
    const selectors = selectorsOf(css).flatMap((s) => s.split(',').map((part) => part.trim()))
    assert.isAbove(selectors.length, 4)
    for (const selector of selectors)
      assert.isTrue(selector.startsWith(`.${FRAME_CLASS}`), selector)
    assert.include(css, `.${FRAME_CLASS} h1`)
    assert.include(css, `.${FRAME_CLASS} .x > p`)
    assert.include(css, `.${FRAME_CLASS} {`)
    assert.include(css, `.${FRAME_CLASS} .y {`)
    assert.include(css, `.${FRAME_CLASS} * {`)
  })

  test('rules inside @media and @supports are scoped; @keyframes steps are kept as they are', ({
    assert,
  }) => {
    const css = scopeCardCss(
      '@media (max-width: 600px) { .a { color: red } } @supports (display: grid) { .b { display: grid } } ' +
        '@keyframes pop { from { opacity: 0 } to { opacity: 1 } }'
    )
    assert.include(css, `@media (max-width: 600px)`)
    assert.include(css, `.${FRAME_CLASS} .a`)
    assert.include(css, `.${FRAME_CLASS} .b`)
    assert.include(css, '@keyframes pop')
    assert.match(css, /from\s*\{\s*opacity: 0/)
    assert.notInclude(css, `.${FRAME_CLASS} from`)
  })

  test('@import, other origins, fixed positions and script-like values are dropped', ({
    assert,
  }) => {
    const hostile = [
      '@import url("https://evil.example/x.css");',
      '@import "https://evil.example/y.css";',
      '@namespace svg url(http://www.w3.org/2000/svg);',
      '.a { background: url(https://evil.example/track.png) }',
      '.b { background-image: url("//evil.example/t.png") }',
      '.c { background: u\\72l(https://evil.example/esc.png) }',
      '.d { position: fixed; top: 0; left: 0; width: 100vw; height: 100vh }',
      '.e { position: sticky }',
      '.f { width: expression(alert(1)) }',
      '.g { behavior: url(x.htc); -moz-binding: url(x.xml#y) }',
      '.h { background: image-set("https://evil.example/i.png" 1x) }',
      '@font-face { font-family: X; src: url(https://evil.example/f.woff2) }',
      '@page { margin: 0 }',
      '@layer base { .i { color: red } }',
    ].join('\n')
    const css = scopeCardCss(hostile).toLowerCase()
    for (const fragment of [
      'evil.example',
      '@import',
      '@namespace',
      'fixed',
      'sticky',
      'expression',
      'behavior',
      'binding',
      '@page',
      '@layer',
    ]) {
      assert.notInclude(css, fragment)
    }
    /* what was harmless around them stays */
    assert.include(css, 'top: 0')
  })

  test('same-origin pictures and data images stay; comments go; </style cannot close the element', ({
    assert,
  }) => {
    const css = scopeCardCss(
      '/* note */ .a { background: url(/media/abc.png) } .b { background: ' +
        'url("data:image/png;base64,iVBORw0KGgo=") } .c::after { content: "</style><script>alert(1)</script>" }'
    )
    assert.include(css, 'url(/media/abc.png)')
    assert.include(css, 'data:image/png;base64')
    assert.notInclude(css, '/* note */')
    assert.notInclude(css.toLowerCase(), '</style')
  })

  test('CSS that does not parse gives nothing, and empty CSS gives nothing', ({ assert }) => {
    assert.equal(
      scopeCardCss('.a { color: red'),
      scopeCardCss('.a { color: red') /* deterministic */
    )
    assert.equal(scopeCardCss('}}}{{{ ::: @@@'), '')
    assert.equal(scopeCardCss('   '), '')
  })

  test('a url is allowed when it stays on this site', ({ assert }) => {
    assert.isTrue(isSameOriginUrl('/media/a.png'))
    assert.isTrue(isSameOriginUrl('img/a.png'))
    assert.isFalse(isSameOriginUrl('https://evil.example/a.png'))
    assert.isFalse(isSameOriginUrl('//evil.example/a.png'))
    assert.isFalse(isSameOriginUrl('/\\evil.example/a.png'))
    assert.isFalse(isSameOriginUrl('javascript:alert(1)'))
    assert.isFalse(isSameOriginUrl('data:text/html,<b>x</b>'))
  })
})

test.group('Card presets: the frame CSS of a look', () => {
  test('the default look is 20 px, centred, on every device, in the system font', ({ assert }) => {
    const css = appearanceCss(defaultLook(), {}, '')
    for (const device of ['desktop', 'tablet', 'phone']) {
      assert.match(
        css,
        new RegExp(
          `\\.${FRAME_CLASS}\\.mnemo-device-${device} \\{[^}]*font-size: 20px;[^}]*text-align: center;`
        )
      )
    }
    assert.notInclude(css, '@font-face')
  })

  test("a font of the list loads from this site; the deck's own sizes win over the preset's; colours are checked", ({
    assert,
  }) => {
    const look = {
      ...defaultLook(),
      fontFamily: 'merriWeather' as const,
      colors: { fontColor: '#123456', cardBackgroundColor: 'red; } body { display: none' },
    }
    const css = appearanceCss(
      look,
      { phone: { size: 31, alignment: 'right' } },
      `.${FRAME_CLASS} b { color: #f00; }`
    )
    assert.include(css, "src: url('/fonts/cards/merriWeather-400.woff2')")
    assert.match(css, /mnemo-device-phone \{[^}]*font-size: 31px;[^}]*text-align: right;/)
    assert.match(css, /mnemo-device-desktop \{[^}]*font-size: 20px;/)
    assert.include(css, 'color: #123456;')
    assert.notInclude(css, 'display: none')
    assert.isTrue(css.trim().endsWith(`.${FRAME_CLASS} b { color: #f00; }`))
  })
})
