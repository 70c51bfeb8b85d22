import { test } from '@japa/runner'
import { formatOcclusions, parseOcclusions } from '#importers/anki/occlusion'
import { isSafeMediaName, mediaReferences, referenceVariants } from '#importers/anki/media_refs'
import { stockMapping, type SourceNoteType } from '#importers/anki/stock'

test.group('Anki image occlusion shapes', () => {
  test('rect, ellipse (bounding box), polygon (bounding box), text (dropped), escapes and angle', ({
    assert,
  }) => {
    const parsed = parseOcclusions(
      '{{c3::image-occlusion:rect:left=.25:top=.5:width=.125:height=.0625:angle=5000}}' +
        '{{c1::image-occlusion:ellipse:left=.1:top=.2:rx=.05:ry=.1}}' +
        '{{c2::image-occlusion:polygon:points=.1,.1 .4,.2 .3,.5:left=.1:top=.1}}' +
        '{{c0::image-occlusion:text:text=a\\:b\\\\c:left=.1:top=.1}}'
    )
    assert.deepEqual(parsed.masks, [
      { id: 'm1', group: 3, x: 0.25, y: 0.5, width: 0.125, height: 0.0625, angle: 180 },
      { id: 'm2', group: 1, x: 0.1, y: 0.2, width: 0.1, height: 0.2, angle: 0 },
      { id: 'm3', group: 2, x: 0.1, y: 0.1, width: 0.30000000000000004, height: 0.4, angle: 0 },
    ])
    assert.equal(parsed.approximated, 2)
    assert.equal(parsed.dropped, 1)
    assert.isFalse(parsed.hideAll)
  })

  test('positions outside the image are clamped to it', ({ assert }) => {
    const [mask] = parseOcclusions(
      '{{c1::image-occlusion:rect:left=-.2:top=.9:width=1.5:height=.05:oi=1}}'
    ).masks
    assert.deepInclude(mask, { x: 0, y: 0.9, width: 1, height: 0.05 })
  })

  test('formatted masks parse back to the same masks', ({ assert }) => {
    const masks = [
      { id: 'm1', group: 2, x: 0.1234, y: 0.5, width: 0.25, height: 0.125, angle: 0 },
      { id: 'm2', group: 1, x: 0, y: 0.75, width: 0.5, height: 0.2, angle: 72 },
    ]
    const text = formatOcclusions(masks, true)
    assert.equal(
      text.split('<br>')[0],
      '{{c2::image-occlusion:rect:left=.1234:top=.5:width=.25:height=.125:oi=1}}'
    )
    assert.deepEqual(parseOcclusions(text), { masks, hideAll: true, approximated: 0, dropped: 0 })
  })
})

test.group('Anki media references', () => {
  test('img, sound, audio/video/source/script and CSS url() references; remote ones are not media', ({
    assert,
  }) => {
    const html =
      '<img src="a b.jpg"><IMG class=x src=\'c.png\'>[sound:d.mp3]<audio src=e.ogg></audio><video><source ' +
      'src="f.webm"></video>' +
      '<img src="https://example.com/x.png"><img src="data:image/png;base64,AAAA"><style>@font-face{src:url(_g.woff)}</style><script src="_h.js"></script>'
    assert.deepEqual(mediaReferences(html), [
      'd.mp3',
      'a b.jpg',
      'c.png',
      'e.ogg',
      'f.webm',
      '_h.js',
      '_g.woff',
    ])
  })

  test('a reference stands for its entity- and percent-decoded spellings', ({ assert }) => {
    assert.sameMembers(referenceVariants('R&amp;D%20plan.png'), [
      'R&amp;D%20plan.png',
      'R&D%20plan.png',
      'R&amp;D plan.png',
      'R&D plan.png',
    ])
  })

  test('unsafe media names: {$self}')
    .with(['../x.png', 'a/b.png', 'a\\b.png', '..', '.', '', 'tab\there.png'])
    .run(({ assert }, name) => {
      assert.isFalse(isSafeMediaName(name))
    })

  test('ordinary names are safe, including dots and non-Latin letters', ({ assert }) => {
    for (const name of ['..hidden.png', 'a..b.png', '猫.png', '_font.ttf', 'x y (1).JPG'])
      assert.isTrue(isSafeMediaName(name), name)
  })
})

const type = (overrides: Partial<SourceNoteType>): SourceNoteType => ({
  id: '1',
  name: 'x',
  cloze: false,
  css: '',
  originalStockKind: 0,
  fields: [
    { name: 'Front', tag: null },
    { name: 'Back', tag: null },
  ],
  templates: [
    { name: 'Card 1', front: '{{Front}}', back: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' },
  ],
  ...overrides,
})
const fields = (...names: string[]) => names.map((name) => ({ name, tag: null }))

/*
 * Decision 0092: a learner's type is kept as it came, stock-shaped or not. A stock shape
 * maps onto a built-in only when Mnemo exported it from that built-in (the model's
 * `mnemoKind`), and image occlusion, which Mnemo draws itself.
 */
test.group('Anki stock note types without original_stock_kind (legacy shape match)', () => {
  test('{name}, marked as exported by Mnemo → {expected}')
    .with([
      {
        name: 'Basic, any name or field names',
        noteType: type({
          name: '基本',
          fields: fields('表', '裏'),
          templates: [
            { name: 'カード 1', front: '{{表}}', back: '{{FrontSide}}<hr id=answer>{{裏}}' },
          ],
        }),
        expected: 'basic',
        marker: 'basic',
      },
      {
        name: 'Basic (and reversed card)',
        noteType: type({
          templates: [
            type({}).templates[0],
            {
              name: 'Card 2',
              front: '{{Back}}',
              back: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}',
            },
          ],
        }),
        expected: 'reversed',
        marker: 'reversed',
      },
      {
        name: 'Basic (type in the answer)',
        noteType: type({
          templates: [
            {
              name: 'Card 1',
              front: '{{Front}}\n\n{{type:Back}}',
              back: '{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}',
            },
          ],
        }),
        expected: 'type_in',
        marker: 'type_in',
      },
      {
        name: 'Cloze with Text and Extra',
        noteType: type({
          cloze: true,
          fields: fields('Text', 'Extra'),
          templates: [
            { name: 'Cloze', front: '{{cloze:Text}}', back: '{{cloze:Text}}<br>\n{{Extra}}' },
          ],
        }),
        expected: 'cloze',
        marker: 'cloze',
      },
      {
        name: 'Cloze with a third field',
        noteType: type({
          cloze: true,
          fields: fields('Text', 'Extra', 'Source'),
          templates: [
            { name: 'Cloze', front: '{{cloze:Text}}', back: '{{cloze:Text}}<br>\n{{Extra}}' },
          ],
        }),
        expected: null,
        marker: 'cloze',
      },
      {
        name: 'Basic (optional reversed card)',
        noteType: type({
          fields: fields('Front', 'Back', 'Add Reverse'),
          templates: [
            type({}).templates[0],
            {
              name: 'Card 2',
              front: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}',
              back: '{{FrontSide}}<hr id=answer>{{Front}}',
            },
          ],
        }),
        expected: null,
        marker: 'reversed',
      },
      {
        name: 'Basic with an edited front',
        noteType: type({
          templates: [
            {
              name: 'Card 1',
              front: '<b>{{Front}}</b>',
              back: '{{FrontSide}}<hr id=answer>{{Back}}',
            },
          ],
        }),
        expected: null,
        marker: 'basic',
      },
      {
        name: 'Image Occlusion by its template',
        noteType: type({
          cloze: true,
          fields: fields('Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'),
          templates: [
            {
              name: 'IO',
              front: '{{cloze:Occlusion}}{{Image}}<script>anki.imageOcclusion.setup()</script>',
              back: '',
            },
          ],
        }),
        expected: 'image_occlusion',
        marker: 'image_occlusion',
      },
    ])
    .run(({ assert }, { noteType, expected, marker }) => {
      assert.equal(stockMapping({ ...noteType, mnemoKind: marker })?.kind ?? null, expected)
      /* without the mark a learner's type stays as it came, but image occlusion */
      assert.equal(
        stockMapping(noteType)?.kind ?? null,
        expected === 'image_occlusion' ? expected : null
      )
    })

  test('a stock kind is not trusted when fields were added: custom', ({ assert }) => {
    assert.isNull(
      stockMapping(
        type({ originalStockKind: 1, mnemoKind: 'basic', fields: fields('Front', 'Back', 'Notes') })
      )
    )
    assert.equal(stockMapping(type({ originalStockKind: 1, mnemoKind: 'basic' }))?.kind, 'basic')
    /* marked as another kind than its shape: kept as it came */
    assert.isNull(stockMapping(type({ originalStockKind: 1, mnemoKind: 'cloze' })))
    assert.isNull(stockMapping(type({ originalStockKind: 1 })))
  })

  test('image occlusion fields are found by their tags, wherever they sit', ({ assert }) => {
    const mapping = stockMapping(
      type({
        cloze: true,
        originalStockKind: 6,
        fields: [
          { name: 'Bild', tag: 1 },
          { name: 'Verdeckung', tag: 0 },
          { name: 'Kopf', tag: 2 },
          { name: 'Rückseite', tag: 3 },
        ],
      })
    )
    assert.deepEqual(mapping, {
      kind: 'image_occlusion',
      fields: { 'Image': 0, 'Header': 2, 'Back Extra': 3 },
      occlusions: 1,
      comments: -1,
    })
  })
})
