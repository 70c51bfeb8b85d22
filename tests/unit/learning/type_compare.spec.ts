import { test } from '@japa/runner'

/*
 * The page's own module (inertia/lib/type_compare.ts), loaded by its path:
 * the server's TypeScript project does not compile the client's sources, so
 * its shape is restated here.
 */
type Segment = { mark: 'good' | 'bad' | 'missed'; text: string }
type TypeCompare = {
  compareTyped(
    typed: string,
    expected: string
  ): { correct: boolean; typed: Segment[]; expected: Segment[] }
  normalizeAnswer(text: string): string
}
const { compareTyped, normalizeAnswer }: TypeCompare = await import(
  new URL('../../../inertia/lib/type_compare.ts', import.meta.url).href
)

/* a run list written compactly: "+ab -c" is good "ab", then bad (typed) or missed (expected) "c" */
const show = (segments: Segment[]) =>
  segments.map((segment) => `${segment.mark === 'good' ? '+' : '-'}${segment.text}`).join(' ')

test.group('Learning | type-in comparison', () => {
  test('an exact answer is correct and all good', ({ assert }) => {
    const result = compareTyped('Femur', 'Femur')
    assert.isTrue(result.correct)
    assert.deepEqual(result.typed, [{ mark: 'good', text: 'Femur' }])
    assert.deepEqual(result.expected, [{ mark: 'good', text: 'Femur' }])
  })

  test('#{$i}: "{typed}" against "{expected}"')
    .with([
      /* a wrong letter: bad where typed, missed where expected */
      { typed: 'Femor', expected: 'Femur', typedRuns: '+Fem -o +r', expectedRuns: '+Fem -u +r' },
      /* a letter too many */
      { typed: 'Femuur', expected: 'Femur', typedRuns: '+Femu -u +r', expectedRuns: '+Femur' },
      /* a letter left out */
      { typed: 'Fmur', expected: 'Femur', typedRuns: '+Fmur', expectedRuns: '+F -e +mur' },
      /* the end left out */
      { typed: 'Fem', expected: 'Femur', typedRuns: '+Fem', expectedRuns: '+Fem -ur' },
      /* nothing in common */
      { typed: 'cat', expected: 'dog', typedRuns: '-cat', expectedRuns: '-dog' },
      /* letter case counts, as in Anki */
      { typed: 'paris', expected: 'Paris', typedRuns: '-p +aris', expectedRuns: '-P +aris' },
      /* swapped letters: one of them matches */
      { typed: 'hte', expected: 'the', typedRuns: '-h +te', expectedRuns: '+t -h +e' },
    ])
    .run(({ assert }, { typed, expected, typedRuns, expectedRuns }) => {
      const result = compareTyped(typed, expected)
      assert.isFalse(result.correct)
      assert.equal(show(result.typed), typedRuns)
      assert.equal(show(result.expected), expectedRuns)
    })

  test('nothing typed: the whole answer is missed', ({ assert }) => {
    const result = compareTyped('   ', 'Femur')
    assert.isFalse(result.correct)
    assert.deepEqual(result.typed, [])
    assert.deepEqual(result.expected, [{ mark: 'missed', text: 'Femur' }])
  })

  test('white space around and inside does not count as a mistake', ({ assert }) => {
    assert.equal(normalizeAnswer('  New \n  York\t'), 'New York')
    const result = compareTyped(' New   York ', 'New York')
    assert.isTrue(result.correct)
    assert.equal(show(result.typed), '+New York')
  })

  test('composed and decomposed accents are the same letter, and count as one', ({ assert }) => {
    const decomposed = 'Cafe\u0301'
    assert.isTrue(compareTyped(decomposed, 'Café').correct)
    const wrong = compareTyped('Cafè', 'Café')
    assert.equal(show(wrong.typed), '+Caf -è')
    assert.equal(show(wrong.expected), '+Caf -é')
  })

  test('an emoji is one character', ({ assert }) => {
    const result = compareTyped('I 👍 it', 'I 👎 it')
    assert.equal(show(result.typed), '+I  -👍 + it')
    assert.equal(show(result.expected), '+I  -👎 + it')
  })

  test('the runs put together give back both texts', ({ assert }) => {
    const typed = 'the quick brwn fox jumpd'
    const expected = 'The quick brown fox jumped over'
    const result = compareTyped(typed, expected)
    assert.equal(result.typed.map((segment) => segment.text).join(''), typed)
    assert.equal(result.expected.map((segment) => segment.text).join(''), expected)
    assert.notInclude(
      result.typed.map((segment) => segment.mark),
      'missed'
    )
    assert.notInclude(
      result.expected.map((segment) => segment.mark),
      'bad'
    )
    /* good characters are the same sequence on both sides */
    const good = (segments: Segment[]) =>
      segments
        .filter((segment) => segment.mark === 'good')
        .map((segment) => segment.text)
        .join('')
    assert.equal(good(result.typed), good(result.expected))
    assert.equal(good(result.typed), 'he quick brwn fox jumpd')
  })
})
