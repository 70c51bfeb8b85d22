import { test } from '@japa/runner'
import { renderTemplate, rendersNonEmptyField, templateFieldReferences } from '#note_types/template'
import type { TemplateContext } from '#note_types/template'

const fields = {
  'Front': '<b>Q</b>',
  'Back': 'A &amp; B',
  'Empty': '',
  'Blank': ' <br> &nbsp;<div></div>',
  'Image': '<img src="a.png" />',
  'Back Extra': 'extra',
  'Text': '{{c1::Paris::city}} in {{c2::France}} and {{c1::<b>Lyon</b>}}',
  'Reading': '日本[にほん]語[ご] です',
}

const base: TemplateContext = {
  fields,
  side: 'front',
  tags: ['geo', 'europe'],
  deckName: 'Languages::French',
  cardName: 'Card 1',
  noteTypeName: 'Basic',
}

test.group('Note types | renderTemplate', () => {
  test('#{$i}: {template}')
    .with([
      { template: '{{Front}}', html: '<b>Q</b>' },
      {
        template: '{{ Front }} / {{Back Extra}} / {{ Back Extra }}',
        html: '<b>Q</b> / extra / extra',
      },
      { template: 'static only', html: 'static only' },
      { template: '{{#Back}}has back{{/Back}}', html: 'has back' },
      { template: '{{# Back }}spaced{{/ Back }}', html: 'spaced' },
      { template: '{{#Empty}}x{{/Empty}}', html: '' },
      { template: '{{#Blank}}x{{/Blank}}', html: '' },
      { template: '{{#Image}}has image{{/Image}}', html: 'has image' },
      { template: '{{^Empty}}none{{/Empty}}', html: 'none' },
      { template: '{{^Front}}none{{/Front}}', html: '' },
      { template: '{{#Unknown}}x{{/Unknown}}{{^Unknown}}y{{/Unknown}}', html: 'y' },
      {
        template:
          '{{#Front}}[{{#Back}}both{{/Back}}{{^Empty}}!{{/Empty}}{{#Empty}}?{{/Empty}}]{{/Front}}',
        html: '[both!]',
      },
      { template: '{{#Front}}a{{#Front}}b{{/Front}}c{{/Front}}', html: 'abc' },
      { template: '{{text:Front}}', html: 'Q' },
      { template: '{{text:Back}}', html: 'A &amp; B' },
      {
        template: '{{hint:Back}}',
        html: '<details class="hint"><summary>Hint</summary>A &amp; B</details>',
      },
      { template: '{{hint:Empty}}', html: '' },
      { template: '{{text:hint:Front}}', html: 'Hint Q' },
      {
        template: '{{hint:text:Front}}',
        html: '<details class="hint"><summary>Hint</summary>Q</details>',
      },
      { template: '{{tts en_US:Front}}{{unknownfilter:Front}}', html: '<b>Q</b><b>Q</b>' },
      {
        template: '{{Tags}} | {{Deck}} | {{Subdeck}} | {{Card}} | {{Type}}',
        html: 'geo europe | Languages::French | French | Card 1 | Basic',
      },
      { template: '{{#Tags}}tagged{{/Tags}}', html: 'tagged' },
      { template: '{{Nope}}', html: '<span class="template-error">{{Nope}}: unknown field</span>' },
      {
        template: '{{text:Nope}}',
        html: '<span class="template-error">{{Nope}}: unknown field</span>',
      },
      {
        template: '{{<img src=x onerror=alert(1)>}}',
        html: '<span class="template-error">{{&lt;img src=x onerror=alert(1)&gt;}}: unknown field</span>',
      },
      {
        template: '{{front}}',
        html: '<span class="template-error">{{front}}: unknown field</span>',
      },
      { template: '{{#Front}}unclosed {{Back}}', html: 'unclosed A &amp; B' },
      { template: '{{#Empty}}unclosed', html: '' },
      { template: '{{/Front}}stray{{/Back}}', html: 'stray' },
      { template: '{{#Front}}{{#Back}}x{{/Front}}y', html: 'xy' },
      { template: '{{ unfinished', html: '{{ unfinished' },
      {
        template: '{{cloze:Text}}',
        html:
          '<span class="cloze" data-cloze="Paris" data-ordinal="1">[city]</span> in <span ' +
          'class="cloze-inactive" data-ordinal="2">France</span> and <span class="cloze" ' +
          'data-cloze="&lt;b&gt;Lyon&lt;/b&gt;" data-ordinal="1">[...]</span>',
      },
      { template: '{{text:cloze:Text}}', html: '[city] in France and [...]' },
      {
        template: '{{furigana:Reading}}',
        html: '<ruby>日本<rt>にほん</rt></ruby><ruby>語<rt>ご</rt></ruby> です',
      },
      { template: '{{kanji:Reading}}', html: '日本語 です' },
      { template: '{{kana:Reading}}', html: 'にほんご です' },
      { template: '{{FrontSide}}', html: '' },
    ])
    .run(({ assert }, { template, html }) => {
      assert.equal(renderTemplate(template, base), html)
    })

  test('special fields are HTML-escaped', ({ assert }) => {
    const ctx = { ...base, tags: ['a<b', '"q"'], deckName: '<i>Deck</i>' }
    assert.equal(renderTemplate('{{Tags}} {{Deck}}', ctx), 'a&lt;b "q" &lt;i&gt;Deck&lt;/i&gt;')
  })

  test('FrontSide is the rendered front on the back', ({ assert }) => {
    const back = renderTemplate('{{FrontSide}}<hr id=answer>{{Back}}', {
      ...base,
      side: 'back',
      frontSide: '<b>Q</b>',
    })
    assert.equal(back, '<b>Q</b><hr id=answer>A &amp; B')
  })

  test('cloze filter uses the card index and side', ({ assert }) => {
    const ctx = { ...base, clozeIndex: 2 }
    assert.equal(
      renderTemplate('{{cloze:Text}}', { ...ctx, side: 'back' }),
      '<span class="cloze-inactive" data-ordinal="1">Paris</span> in <span class="cloze" ' +
        'data-ordinal="2">France</span> and <span class="cloze-inactive" data-ordinal="1"><b>Lyon</b></span>'
    )
  })

  test('type: is an input placeholder on the front and the expected answer on the back', ({
    assert,
  }) => {
    assert.equal(
      renderTemplate('{{Front}} {{type:Back}}', base),
      '<b>Q</b> <span class="type-answer" data-type-answer="Back"></span>'
    )
    assert.equal(
      renderTemplate('{{type:Back}}', { ...base, side: 'back' }),
      '<span class="type-answer-result" data-type-answer="Back" data-type-expected="A &amp; B">A &amp; B</span>'
    )
    assert.equal(
      renderTemplate('{{ type : Back Extra }}', { ...base, side: 'front', typeAnswerSide: 'back' }),
      '<span class="type-answer-result" data-type-answer="Back Extra" data-type-expected="extra">extra</span>'
    )
    assert.equal(
      renderTemplate('{{type:Nope}}', base),
      '<span class="template-error">{{Nope}}: unknown field</span>'
    )
  })

  test('type:cloze: expects the active deletions joined like Anki', ({ assert }) => {
    const ctx = { ...base, clozeIndex: 1 }
    assert.equal(
      renderTemplate('{{type:cloze:Text}}', ctx),
      '<span class="type-answer" data-type-answer="Text" data-type-cloze="1"></span>'
    )
    assert.equal(
      renderTemplate('{{type:cloze:Text}}', { ...ctx, side: 'back' }),
      '<span class="type-answer-result" data-type-answer="Text" data-type-cloze="1" data-type-expected="Paris, ' +
        'Lyon">Paris, Lyon</span>'
    )
  })

  test('occlusion filter draws masks from the attachments of the field', ({ assert }) => {
    const html = renderTemplate('{{occlusion:Image}}', {
      ...base,
      occlusionGroup: 1,
      attachments: {
        Image: {
          hideAll: true,
          masks: [{ id: 'm', group: 1, x: 0.1, y: 0.2, width: 0.3, height: 0.4, angle: 0 }],
        },
      },
    })
    assert.include(html, '<img src="a.png" />')
    assert.include(html, 'class="occlusion-mask occlusion-mask-active"')
  })
})

test.group('Note types | template analysis', () => {
  test('rendersNonEmptyField follows Anki card generation', ({ assert }) => {
    const f = { Word: 'chat', Example: '', Image: '<img src="a.png" />' }
    assert.isTrue(rendersNonEmptyField('{{Word}}', f))
    assert.isFalse(rendersNonEmptyField('{{Example}}', f))
    assert.isFalse(rendersNonEmptyField('Static text {{Example}}', f))
    assert.isFalse(rendersNonEmptyField('{{#Example}}{{Word}}{{/Example}}', f))
    assert.isTrue(rendersNonEmptyField('{{^Example}}{{Word}}{{/Example}}', f))
    assert.isTrue(rendersNonEmptyField('{{Image}}', f))
    assert.isFalse(rendersNonEmptyField('{{Tags}}{{FrontSide}}{{Missing}}', f))
    assert.isTrue(rendersNonEmptyField('{{type:Word}}', f))
  })

  test('templateFieldReferences lists fields and filters', ({ assert }) => {
    assert.deepEqual(
      templateFieldReferences('{{#A}}{{cloze:Text}}{{/A}} {{type:cloze:Text}} {{ B }}'),
      [
        { name: 'Text', filters: ['cloze'] },
        { name: 'Text', filters: ['type', 'cloze'] },
        { name: 'B', filters: [] },
      ]
    )
  })
})
