import { test } from '@japa/runner'
import { conformanceProblems, type OpenApiDocument } from '#tests/support/openapi_conformance'

/* The checker the OpenAPI test relies on finds each kind of drift. */
const document: OpenApiDocument = {
  paths: {},
  components: {
    schemas: {
      Deck: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          folderId: { type: ['integer', 'null'] },
          children: { type: 'array', items: { $ref: '#/components/schemas/Deck' } },
          label: {
            oneOf: [
              {
                type: 'object',
                properties: { type: { type: 'string', enum: ['cloze'] } },
                required: ['type'],
              },
              { type: 'null' },
            ],
          },
          fields: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['id', 'name', 'children'],
      },
    },
  },
}
const deck = (extra: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'A',
  folderId: null,
  children: [],
  label: null,
  fields: { Front: 'x' },
  ...extra,
})
const problems = (value: unknown) =>
  conformanceProblems(document, { $ref: '#/components/schemas/Deck' }, value)

test.group('OpenAPI conformance checker', () => {
  test('a conforming answer has no problem, nested decks included', ({ assert }) => {
    assert.deepEqual(problems(deck({ children: [deck({ id: 2, label: { type: 'cloze' } })] })), [])
  })

  test('each kind of drift is named by its path', ({ assert }) => {
    assert.deepEqual(problems(deck({ extra: 1 })), ['$.extra: in the answer, not in the document'])
    const { name: _name, ...nameless } = deck()
    assert.deepEqual(problems(nameless), [
      '$.name: required by the document, missing from the answer',
    ])
    assert.deepEqual(problems(deck({ id: 1.5 })), [
      '$.id: 1.5 is number, the document says integer',
    ])
    assert.deepEqual(problems(deck({ children: [1] })), [
      '$.children[0]: 1 is integer, the document says object',
    ])
    assert.deepEqual(problems(deck({ children: [deck({ id: 'x' })] })), [
      '$.children[0].id: "x" is string, the document says integer',
    ])
    assert.deepEqual(problems(deck({ label: { type: 'other' } })), [
      '$.label.type: "other" is none of ["cloze"]',
    ])
    assert.deepEqual(problems(deck({ fields: { Front: 3 } })), [
      '$.fields.Front: 3 is integer, the document says string',
    ])
    assert.deepEqual(problems(deck({ folderId: 'x' })), [
      '$.folderId: "x" is string, the document says integer or null',
    ])
  })
})
