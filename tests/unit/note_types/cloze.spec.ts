import { test } from '@japa/runner'
import { clozeAnswers, clozeIndexes, nextClozeIndex, renderCloze } from '#note_types/cloze'
import { sanitizeFieldHtml } from '#note_types/sanitize'

const active = (answer: string, index: number, shown = '...') =>
  `<span class="cloze" data-cloze="${answer}" data-ordinal="${index}">[${shown}]</span>`
const revealed = (html: string, index: number) =>
  `<span class="cloze" data-ordinal="${index}">${html}</span>`
const inactive = (html: string, index: number) =>
  `<span class="cloze-inactive" data-ordinal="${index}">${html}</span>`

test.group('Note types | clozeIndexes', () => {
  test('#{$i}: {text}')
    .with([
      { text: '', indexes: [] },
      { text: 'no deletion here', indexes: [] },
      { text: '{{c1::a}}', indexes: [1] },
      { text: '{{c2::a}} {{c1::b}}', indexes: [1, 2] },
      { text: '{{c12::a::hint}}', indexes: [12] },
      { text: '{{c1::a}} and {{c1::b}}', indexes: [1] },
      { text: '{{c1::a}} {{c3::b}}', indexes: [1, 3] },
      { text: '{{c1::outer {{c2::inner}} text}}', indexes: [1, 2] },
      { text: '{{c1::<b>html</b> inside}}', indexes: [1] },
      { text: 'stray }} brace {{c3::x}}', indexes: [3] },
      { text: '{{c1::unclosed', indexes: [] },
      { text: '{{c1::unclosed {{c2::closed}}', indexes: [2] },
      { text: '{{c0::zero}}', indexes: [] },
      { text: '{{c70000::too large}}', indexes: [] },
      { text: '{{c::no number}} {{C1::upper case}}', indexes: [] },
      { text: '{{c10::a}}{{c9::b}}{{c2::c}}', indexes: [2, 9, 10] },
    ])
    .run(({ assert }, { text, indexes }) => {
      assert.deepEqual(clozeIndexes(text), indexes)
    })

  test('nextClozeIndex is the largest plus one, or 1', ({ assert }) => {
    assert.equal(nextClozeIndex(''), 1)
    assert.equal(nextClozeIndex('plain'), 1)
    assert.equal(nextClozeIndex('{{c1::a}}'), 2)
    assert.equal(nextClozeIndex('{{c1::a}} {{c5::b}} {{c3::c}}'), 6)
    assert.equal(nextClozeIndex('{{c1::a {{c4::b}}}}'), 5)
  })
})

test.group('Note types | renderCloze', () => {
  const text = '{{c1::Paris}} is the capital of {{c2::France}}'

  test('front hides the active deletion and shows the others', ({ assert }) => {
    assert.equal(
      renderCloze(text, 1, 'front'),
      `${active('Paris', 1)} is the capital of ${inactive('France', 2)}`
    )
    assert.equal(
      renderCloze(text, 2, 'front'),
      `${inactive('Paris', 1)} is the capital of ${active('France', 2)}`
    )
  })

  test('back reveals the active deletion', ({ assert }) => {
    assert.equal(
      renderCloze(text, 1, 'back'),
      `${revealed('Paris', 1)} is the capital of ${inactive('France', 2)}`
    )
  })

  test('a hint replaces the dots on the front and disappears on the back', ({ assert }) => {
    assert.equal(renderCloze('{{c1::Paris::city}}', 1, 'front'), active('Paris', 1, 'city'))
    assert.equal(renderCloze('{{c1::Paris::city}}', 1, 'back'), revealed('Paris', 1))
    assert.equal(renderCloze('{{c1::Paris::city}}', 2, 'front'), inactive('Paris', 1))
    assert.equal(renderCloze('{{c1::a::b::c}}', 1, 'front'), active('a', 1, 'b::c'))
    assert.equal(renderCloze('{{c1::a::<i>it</i>}}', 1, 'front'), active('a', 1, '<i>it</i>'))
  })

  test('every occurrence of the active index is hidden', ({ assert }) => {
    assert.equal(
      renderCloze('{{c1::a}} and {{c1::b::h}} and {{c2::c}}', 1, 'front'),
      `${active('a', 1)} and ${active('b', 1, 'h')} and ${inactive('c', 2)}`
    )
  })

  test('nested deletions behave as in Anki', ({ assert }) => {
    const nested = '{{c1::outer {{c2::inner}}}} end'
    assert.equal(
      renderCloze(nested, 1, 'front'),
      `${active(
        'outer &lt;span class=&quot;cloze-inactive&quot; data-ordinal=&quot;2&quot;&gt;' +
          'inner&lt;/span&gt;',
        1
      )} end`
    )
    assert.equal(
      renderCloze(nested, 2, 'front'),
      `${inactive(`outer ${active('inner', 2)}`, 1)} end`
    )
    assert.equal(
      renderCloze(nested, 1, 'back'),
      `${revealed(`outer ${inactive('inner', 2)}`, 1)} end`
    )
    assert.equal(
      renderCloze(nested, 2, 'back'),
      `${inactive(`outer ${revealed('inner', 2)}`, 1)} end`
    )
  })

  test('HTML inside a deletion is kept and escaped into data-cloze', ({ assert }) => {
    assert.equal(
      renderCloze('{{c1::<b>bold</b> &amp; co}}', 1, 'front'),
      active('&lt;b&gt;bold&lt;/b&gt; &amp;amp; co', 1)
    )
    assert.equal(renderCloze('{{c1::<b>bold</b>}}', 1, 'back'), revealed('<b>bold</b>', 1))
  })

  test('broken markup stays as text', ({ assert }) => {
    assert.equal(renderCloze('{{c1::unclosed', 1, 'front'), '{{c1::unclosed')
    assert.equal(renderCloze('{{c1::a::h', 1, 'front'), '{{c1::a::h')
    assert.equal(renderCloze('a }} b', 1, 'front'), 'a }} b')
    assert.equal(renderCloze('{{c0::zero}}', 1, 'front'), '{{c0::zero}}')
  })

  test('rendered clozes survive the sanitizer unchanged', ({ assert }) => {
    const field = sanitizeFieldHtml(
      '{{c1::<b>Paris</b> &amp; "co"::<i>city</i>}} {{c2::x {{c3::y}}}} <img src="a.png">'
    )
    for (const index of [1, 2, 3]) {
      for (const side of ['front', 'back'] as const) {
        const html = renderCloze(field, index, side)
        assert.equal(sanitizeFieldHtml(html), html, `${index} ${side}`)
      }
    }
  })

  test('clozeAnswers lists the active deletions', ({ assert }) => {
    assert.deepEqual(clozeAnswers('{{c1::a}} {{c2::b}} {{c1::<b>c</b>::h}}', 1), ['a', '<b>c</b>'])
    assert.deepEqual(clozeAnswers('{{c1::x {{c2::y}}}}', 1), [`x ${inactive('y', 2)}`])
    assert.deepEqual(clozeAnswers('{{c1::x}}', 3), [])
  })
})
