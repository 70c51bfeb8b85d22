import { test } from '@japa/runner'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import {
  REVERSED_ORD_OFFSET,
  cardLabel,
  cardOrdinals,
  isReversible,
  renderCard,
  validateFields,
} from '#note_types/cards'
import type {
  FieldAttachmentsMap,
  FieldProblem,
  NoteFields,
  NoteTypeDefinition,
} from '#note_types/types'
import { XSS_PAYLOADS, assertNeutralized } from '#tests/fixtures/xss_payloads'

const { basic, reversed, cloze, image_occlusion: occlusion, type_in: typeIn } = BUILTIN_NOTE_TYPES

/* A vocabulary type: the second card only exists for notes with an example. */
const vocab: NoteTypeDefinition = {
  kind: 'custom',
  name: 'Vocabulary',
  fields: [{ name: 'Word', required: true }, { name: 'Meaning' }, { name: 'Example' }],
  templates: [
    {
      name: 'Recognition',
      front: '<div class="word">{{Word}}</div>',
      back: '{{FrontSide}}<hr id=answer>{{Meaning}}{{#Example}}<div class="ex">{{Example}}</div>{{/Example}}',
    },
    {
      name: 'Example',
      front: 'Complete: {{#Example}}{{Example}}{{/Example}}',
      back: '{{FrontSide}}<hr id=answer>{{Word}}',
    },
  ],
  css: '.word { font-size: 30px; } .x { background: url(javascript:alert(1)); }',
  isCloze: false,
}

const image = '<img src="skeleton.png" alt="" />'
const attachments: FieldAttachmentsMap = {
  Image: {
    hideAll: true,
    masks: [
      { id: 'a', group: 1, x: 0.1, y: 0.1, width: 0.1, height: 0.1, angle: 0 },
      { id: 'b', group: 2, x: 0.3, y: 0.1, width: 0.1, height: 0.1, angle: 30 },
      { id: 'c', group: 4, x: 0.5, y: 0.1, width: 0.1, height: 0.1, angle: 0 },
      { id: 'd', group: 4, x: 0.7, y: 0.1, width: 0.1, height: 0.1, angle: 0 },
    ],
  },
}

test.group('Note types | built-in definitions', () => {
  test('mirror the stock Anki note types', ({ assert }) => {
    assert.deepEqual(basic.fields, [{ name: 'Front', required: true }, { name: 'Back' }])
    assert.lengthOf(basic.templates, 1)
    assert.equal(reversed.name, 'Basic (and reversed card)')
    assert.lengthOf(reversed.templates, 2)
    assert.deepEqual(
      cloze.fields.map((f) => f.name),
      ['Text', 'Back Extra']
    )
    assert.include(cloze.templates[0].front, '{{cloze:Text}}')
    assert.isTrue(cloze.isCloze)
    assert.deepEqual(
      occlusion.fields.map((f) => f.name),
      ['Image', 'Header', 'Back Extra']
    )
    assert.include(typeIn.templates[0].front, '{{type:Back}}')
    for (const def of Object.values(BUILTIN_NOTE_TYPES)) {
      assert.include(def.css, 'font-size: 20px')
      assert.include(def.css, 'text-align: center')
    }
  })
})

interface OrdinalsRow {
  title: string
  def: NoteTypeDefinition
  fields: NoteFields
  reversed: boolean
  ords: number[]
}

interface ValidationRow {
  title: string
  def: NoteTypeDefinition
  fields: NoteFields
  problems: FieldProblem[]
}

test.group('Note types | cardOrdinals', () => {
  test('#{$i}: {title}')
    .with<OrdinalsRow[]>([
      { title: 'basic', def: basic, fields: { Front: 'q', Back: 'a' }, reversed: false, ords: [0] },
      {
        title: 'basic with empty front',
        def: basic,
        fields: { Front: '<br>', Back: 'a' },
        reversed: false,
        ords: [],
      },
      {
        title: 'basic with image-only front',
        def: basic,
        fields: { Front: image, Back: 'a' },
        reversed: false,
        ords: [0],
      },
      {
        title: 'basic + reversed',
        def: basic,
        fields: { Front: 'q', Back: 'a' },
        reversed: true,
        ords: [0, REVERSED_ORD_OFFSET],
      },
      {
        title: 'basic + reversed, empty back',
        def: basic,
        fields: { Front: 'q', Back: '' },
        reversed: true,
        ords: [0],
      },
      {
        title: 'reversed type',
        def: reversed,
        fields: { Front: 'q', Back: 'a' },
        reversed: false,
        ords: [0, 1],
      },
      {
        title: 'reversed type, empty back',
        def: reversed,
        fields: { Front: 'q', Back: ' ' },
        reversed: false,
        ords: [0],
      },
      {
        title: 'reversed type ignores the flag',
        def: reversed,
        fields: { Front: 'q', Back: 'a' },
        reversed: true,
        ords: [0, 1],
      },
      {
        title: 'type in',
        def: typeIn,
        fields: { Front: 'q', Back: 'a' },
        reversed: false,
        ords: [0],
      },
      {
        title: 'type in + reversed',
        def: typeIn,
        fields: { Front: 'q', Back: 'a' },
        reversed: true,
        ords: [0, REVERSED_ORD_OFFSET],
      },
      {
        title: 'cloze',
        def: cloze,
        fields: { Text: '{{c1::a}} {{c3::b}} {{c1::c}}' },
        reversed: false,
        ords: [0, 2],
      },
      {
        title: 'nested cloze',
        def: cloze,
        fields: { Text: '{{c2::a {{c5::b}}}}' },
        reversed: false,
        ords: [1, 4],
      },
      {
        title: 'cloze without deletion',
        def: cloze,
        fields: { Text: 'nothing' },
        reversed: false,
        ords: [0],
      },
      {
        title: 'cloze ignores the flag',
        def: cloze,
        fields: { Text: '{{c2::a}}' },
        reversed: true,
        ords: [1],
      },
      {
        title: 'cloze in Back Extra does not count',
        def: cloze,
        fields: { 'Text': '{{c1::a}}', 'Back Extra': '{{c2::b}}' },
        reversed: false,
        ords: [0],
      },
      {
        title: 'custom, no example',
        def: vocab,
        fields: { Word: 'chat', Meaning: 'cat', Example: '' },
        reversed: false,
        ords: [0],
      },
      {
        title: 'custom, with example',
        def: vocab,
        fields: { Word: 'chat', Meaning: 'cat', Example: 'Le ___ dort' },
        reversed: false,
        ords: [0, 1],
      },
      {
        title: 'custom + reversed',
        def: vocab,
        fields: { Word: 'chat', Meaning: 'cat' },
        reversed: true,
        ords: [0, REVERSED_ORD_OFFSET],
      },
      {
        title: 'custom + reversed, empty second field',
        def: vocab,
        fields: { Word: 'chat', Meaning: '' },
        reversed: true,
        ords: [0],
      },
    ])
    .run(({ assert }, row) => {
      assert.deepEqual(cardOrdinals(row.def, row.fields, {}, row.reversed), row.ords)
    })

  test('image occlusion: one card per mask group, ord = group - 1', ({ assert }) => {
    assert.deepEqual(cardOrdinals(occlusion, { Image: image }, attachments), [0, 1, 3])
    assert.deepEqual(cardOrdinals(occlusion, { Image: image }, attachments, true), [0, 1, 3])
    assert.deepEqual(cardOrdinals(occlusion, { Image: image }, {}), [])
    assert.deepEqual(cardOrdinals(occlusion, { Image: 'no picture' }, attachments), [])
  })

  test('isReversible only for standard types with two fields', ({ assert }) => {
    assert.isTrue(isReversible(basic))
    assert.isTrue(isReversible(typeIn))
    assert.isTrue(isReversible(reversed))
    assert.isTrue(isReversible(vocab))
    assert.isFalse(isReversible(cloze))
    assert.isFalse(isReversible(occlusion))
    assert.isFalse(isReversible({ ...vocab, fields: [{ name: 'Only' }] }))
    assert.isFalse(isReversible({ ...vocab, isCloze: true }))
  })
})

test.group('Note types | renderCard', () => {
  test('basic card', ({ assert }) => {
    const card = renderCard(basic, { Front: '<b>q</b>', Back: 'a' }, 0)
    assert.equal(card.front, '<b>q</b>')
    assert.equal(card.back, '<b>q</b>\n\n<hr id="answer" />\n\na')
    assert.include(card.css, '.card')
  })

  test('reversed card of a built-in type: second field, then the first', ({ assert }) => {
    const fields = { Front: 'q', Back: 'a' }
    for (const def of [basic, typeIn]) {
      const card = renderCard(def, fields, REVERSED_ORD_OFFSET)
      assert.equal(card.front, 'a')
      assert.equal(card.back, 'a\n\n<hr id="answer" />\n\nq')
    }
    assert.deepEqual(renderCard(reversed, fields, 1), {
      ...renderCard(basic, fields, REVERSED_ORD_OFFSET),
      css: reversed.css,
    })
  })

  test('reversed card of a custom type swaps its first two fields in template 0', ({ assert }) => {
    const card = renderCard(
      vocab,
      { Word: 'chat', Meaning: 'cat', Example: '' },
      REVERSED_ORD_OFFSET
    )
    assert.equal(card.front, '<div class="word">cat</div>')
    assert.equal(card.back, '<div class="word">cat</div><hr id="answer" />chat')
  })

  test('custom type with three fields and two templates', ({ assert }) => {
    const fields = { Word: 'chat', Meaning: 'cat', Example: 'Le ___ dort' }
    const first = renderCard(vocab, fields, 0)
    assert.equal(first.front, '<div class="word">chat</div>')
    assert.equal(
      first.back,
      '<div class="word">chat</div><hr id="answer" />cat<div class="ex">Le ___ dort</div>'
    )
    const second = renderCard(vocab, fields, 1)
    assert.equal(second.front, 'Complete: Le ___ dort')
    assert.equal(second.back, 'Complete: Le ___ dort<hr id="answer" />chat')
    assert.include(first.css, 'font-size: 30px')
    assert.notInclude(first.css, 'javascript')
  })

  test('cloze card', ({ assert }) => {
    const fields = { 'Text': '{{c1::Paris}} / {{c2::France::country}}', 'Back Extra': 'extra' }
    const card = renderCard(cloze, fields, 1)
    assert.equal(
      card.front,
      '<span class="cloze-inactive" data-ordinal="1">Paris</span> / <span class="cloze" data-cloze="France" ' +
        'data-ordinal="2">[country]</span>'
    )
    assert.equal(
      card.back,
      '<span class="cloze-inactive" data-ordinal="1">Paris</span> / <span class="cloze" ' +
        'data-ordinal="2">France</span><br />\nextra'
    )
    assert.include(card.css, '.cloze')
  })

  test('type-in card: placeholder on the front, expected answer on the back', ({ assert }) => {
    const card = renderCard(typeIn, { Front: 'Capital of France?', Back: '<b>Paris</b>' }, 0)
    assert.equal(
      card.front,
      'Capital of France?\n\n<span class="type-answer" data-type-answer="Back"></span>'
    )
    assert.equal(
      card.back,
      'Capital of France?\n\n<hr id="answer" />\n\n<span class="type-answer-result" data-type-answer="Back" ' +
        'data-type-expected="Paris">Paris</span>'
    )
  })

  test('FrontSide on the back shows type-in results where the front had the input', ({
    assert,
  }) => {
    const def: NoteTypeDefinition = {
      ...vocab,
      templates: [
        {
          name: 'T',
          front: '{{Word}} {{type:Meaning}}',
          back: '{{FrontSide}}<hr id=answer>{{Example}}',
        },
      ],
    }
    const card = renderCard(def, { Word: 'chat', Meaning: 'cat', Example: 'ex' }, 0)
    assert.equal(card.front, 'chat <span class="type-answer" data-type-answer="Meaning"></span>')
    assert.equal(
      card.back,
      'chat <span class="type-answer-result" data-type-answer="Meaning" data-type-expected="cat">cat</span><hr ' +
        'id="answer" />ex'
    )
  })

  test('image occlusion card', ({ assert }) => {
    const fields = { 'Image': image, 'Header': 'Bones', 'Back Extra': 'see atlas' }
    const card = renderCard(occlusion, fields, 1, { attachments })
    assert.include(card.front, '<div class="occlusion-header">Bones</div>')
    assert.include(
      card.front,
      'class="occlusion-mask occlusion-mask-active" data-occlusion-group="2"'
    )
    assert.equal((card.front.match(/occlusion-mask"/g) ?? []).length, 3)
    assert.include(
      card.back,
      'class="occlusion-mask occlusion-mask-revealed" data-occlusion-group="2"'
    )
    assert.include(card.back, 'see atlas')
    assert.include(card.css, '.occlusion-mask')
  })

  test('deck, tags, card and type names reach the template', ({ assert }) => {
    const def: NoteTypeDefinition = {
      ...vocab,
      templates: [
        { name: 'Card X', front: '{{Word}} {{Deck}} {{Tags}} {{Card}} {{Type}}', back: '' },
      ],
    }
    const card = renderCard(def, { Word: 'w' }, 0, {
      deckName: 'French::Animals',
      tags: ['a', 'b'],
    })
    assert.equal(card.front, 'w French::Animals a b Card X Vocabulary')
  })

  test('an ord the type has no template for is a RangeError', ({ assert }) => {
    assert.throws(() => renderCard(basic, { Front: 'q' }, 1), RangeError)
    assert.throws(() => renderCard(basic, { Front: 'q' }, -1), RangeError)
    assert.throws(() => renderCard(basic, { Front: 'q' }, 0.5), RangeError)
    assert.throws(() => renderCard(cloze, { Text: 'x' }, -1), RangeError)
    assert.throws(() => renderCard(reversed, { Front: 'q' }, REVERSED_ORD_OFFSET), RangeError)
  })

  test('cardLabel', ({ assert }) => {
    assert.deepEqual(cardLabel(basic, 0), { type: 'standard', template: 'Card 1' })
    assert.deepEqual(cardLabel(basic, REVERSED_ORD_OFFSET), { type: 'reversed' })
    assert.deepEqual(cardLabel(reversed, 1), { type: 'standard', template: 'Card 2' })
    assert.deepEqual(cardLabel(vocab, 1), { type: 'standard', template: 'Example' })
    assert.deepEqual(cardLabel(cloze, 1), { type: 'cloze', index: 2 })
    assert.deepEqual(cardLabel(cloze, 150), { type: 'cloze', index: 151 })
    assert.deepEqual(cardLabel(occlusion, 0), { type: 'occlusion', group: 1 })
  })
})

test.group('Note types | renderCard against XSS', () => {
  const customWithPayload = (payload: string): NoteTypeDefinition => ({
    ...vocab,
    templates: [
      {
        name: 'A',
        front: `{{Word}}${payload}`,
        back: `${payload}{{FrontSide}}<a href="{{Meaning}}">m</a><img src="{{Example}}">`,
      },
      {
        name: 'B',
        front: `{{hint:Example}}{{type:Word}}${payload}`,
        back: `{{FrontSide}}{{text:Meaning}}${payload}`,
      },
    ],
  })

  test('payload #{$i} in every field of every type and in custom templates')
    .with(XSS_PAYLOADS)
    .run((_, payload) => {
      const cases: [NoteTypeDefinition, Record<string, string>][] = [
        [basic, { Front: payload, Back: payload }],
        [reversed, { Front: `q${payload}`, Back: payload }],
        [typeIn, { Front: payload, Back: payload }],
        [
          cloze,
          { 'Text': `{{c1::${payload}::${payload}}} {{c2::x}} ${payload}`, 'Back Extra': payload },
        ],
        [occlusion, { 'Image': `${image}${payload}`, 'Header': payload, 'Back Extra': payload }],
        [
          customWithPayload(payload),
          { Word: `w${payload}`, Meaning: 'javascript:alert(1)', Example: payload },
        ],
      ]
      for (const [def, fields] of cases) {
        const ords = [...cardOrdinals(def, fields, attachments, true), 0]
        for (const ord of new Set(ords)) {
          const card = renderCard(def, fields, ord, {
            attachments,
            tags: [payload],
            deckName: payload,
          })
          assertNeutralized(card.front, `${def.name} ord ${ord} front`)
          assertNeutralized(card.back, `${def.name} ord ${ord} back`)
        }
      }
    })
})

test.group('Note types | validateFields', () => {
  test('#{$i}: {title}')
    .with<ValidationRow[]>([
      { title: 'valid basic', def: basic, fields: { Front: 'q', Back: '' }, problems: [] },
      { title: 'image-only front is filled', def: basic, fields: { Front: image }, problems: [] },
      {
        title: 'audio-only front is filled',
        def: basic,
        fields: { Front: '[sound:a.mp3]' },
        problems: [],
      },
      {
        title: 'empty required',
        def: basic,
        fields: { Front: '<div><br></div>', Back: 'a' },
        problems: [{ field: 'Front', problem: 'required' }],
      },
      {
        title: 'missing required',
        def: basic,
        fields: { Back: 'a' },
        problems: [{ field: 'Front', problem: 'required' }],
      },
      {
        title: 'unknown field',
        def: basic,
        fields: { Front: 'q', Extra: 'x' },
        problems: [{ field: 'Extra', problem: 'unknown' }],
      },
      { title: 'valid cloze', def: cloze, fields: { Text: '{{c1::a}}' }, problems: [] },
      {
        title: 'cloze without deletion',
        def: cloze,
        fields: { Text: 'plain' },
        problems: [{ field: 'Text', problem: 'no_cloze' }],
      },
      {
        title: 'empty cloze',
        def: cloze,
        fields: { Text: '' },
        problems: [
          { field: 'Text', problem: 'required' },
          { field: 'Text', problem: 'no_cloze' },
        ],
      },
      { title: 'custom: only Word required', def: vocab, fields: { Word: 'w' }, problems: [] },
    ])
    .run(({ assert }, { def, fields, problems }) => {
      assert.deepEqual(validateFields(def, fields), problems)
    })

  test('image occlusion needs an image and masks', ({ assert }) => {
    assert.deepEqual(validateFields(occlusion, { Image: image }, attachments), [])
    assert.deepEqual(validateFields(occlusion, { Image: image }, {}), [
      { field: 'Image', problem: 'no_masks' },
    ])
    assert.deepEqual(
      validateFields(occlusion, { Image: image }, { Image: { hideAll: true, masks: [] } }),
      [{ field: 'Image', problem: 'no_masks' }]
    )
    assert.deepEqual(validateFields(occlusion, { Image: 'text but no picture' }, attachments), [
      { field: 'Image', problem: 'required' },
    ])
    assert.deepEqual(validateFields(occlusion, { Image: '' }), [
      { field: 'Image', problem: 'required' },
      { field: 'Image', problem: 'no_masks' },
    ])
  })
})
