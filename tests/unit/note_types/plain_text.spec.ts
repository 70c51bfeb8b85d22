import { test } from '@japa/runner'
import { htmlToPlainText, isFieldEmpty, preview } from '#note_types/plain_text'

test.group('Note types | htmlToPlainText', () => {
  test('#{$i}: {html} is {text}')
    .with([
      { html: '', text: '' },
      { html: '<div>a</div><div>b</div>', text: 'a b' },
      { html: 'a<br>b<br />c', text: 'a b c' },
      { html: '<p>one</p><p>two</p>', text: 'one two' },
      { html: '<ul><li>a</li><li>b</li></ul>', text: 'a b' },
      { html: '<table><tr><td>a</td><td>b</td></tr></table>', text: 'a b' },
      { html: '<b>bo</b>ld <i>it</i>alic', text: 'bold italic' },
      {
        html: 'Tom &amp; Jerry &lt;3 &quot;x&quot; &#39;y&#39; &nbsp; z &eacute;',
        text: 'Tom & Jerry <3 "x" \'y\' z é',
      },
      { html: '&lt;script&gt;', text: '<script>' },
      { html: '{{c1::Paris::city}} is in {{c2::France}}', text: 'Paris is in France' },
      { html: '{{c1::outer {{c2::inner}} end}}', text: 'outer inner end' },
      { html: '{{c1::<b>bold</b>::<i>hint</i>}} x', text: 'bold x' },
      { html: '[sound:hello.mp3]Hello [sound:b.ogg] world', text: 'Hello world' },
      { html: '<p>  lots   of\n\n\tspace </p>', text: 'lots of space' },
      { html: '<script>alert(1)</script>x<style>.a{}</style>', text: 'x' },
      { html: '\\(x^2\\) and $$y$$', text: '\\(x^2\\) and $$y$$' },
      { html: '<img src="a.png" alt="alt text">', text: '' },
      { html: 'a<img src="a.png">b', text: 'a b' },
      { html: '<ruby>漢<rt>かん</rt></ruby>', text: '漢かん' },
      { html: '<p>unclosed <b>tag', text: 'unclosed tag' },
    ])
    .run(({ assert }, { html, text }) => {
      assert.equal(htmlToPlainText(html), text)
    })
})

test.group('Note types | isFieldEmpty', () => {
  test('#{$i}: {html} empty is {empty}')
    .with([
      { html: '', empty: true },
      { html: '   ', empty: true },
      { html: '<br>', empty: true },
      { html: '<div> &nbsp; </div><div><br /></div>', empty: true },
      { html: '<b></b>', empty: true },
      { html: 'x', empty: false },
      { html: '<img src="a.png" />', empty: false },
      { html: '<audio controls src="a.mp3"></audio>', empty: false },
      { html: '[sound:a.mp3]', empty: false },
      { html: '0', empty: false },
    ])
    .run(({ assert }, { html, empty }) => {
      assert.equal(isFieldEmpty(html), empty)
    })
})

test.group('Note types | preview', () => {
  test('short text is returned whole', ({ assert }) => {
    assert.equal(preview('<b>Hello</b> world'), 'Hello world')
    assert.equal(preview('x'.repeat(200)), 'x'.repeat(200))
  })

  test('long text is cut at a word boundary and marked', ({ assert }) => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ')
    const out = preview(`<p>${words}</p>`, 50)
    assert.isAtMost(out.length, 50)
    assert.isTrue(out.endsWith('…'))
    assert.isTrue(words.startsWith(out.slice(0, -1)))
    assert.match(out, /word\d+…$/)
  })

  test('a long word is cut inside and code points are not split', ({ assert }) => {
    const out = preview('😀'.repeat(30), 10)
    assert.equal(Array.from(out).length, 10)
    assert.equal(out, '😀'.repeat(9) + '…')
  })

  test('default limit is 200 characters', ({ assert }) => {
    assert.equal(Array.from(preview('a '.repeat(500))).length <= 200, true)
  })
})
