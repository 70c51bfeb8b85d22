/**
 * The type-in comparison, Anki's way: what the learner typed against the
 * expected answer, character by character. The characters both share (their
 * longest common subsequence) are good; a typed character outside it is
 * bad; an expected character outside it is missed. Pure, so the page and the
 * unit tests use the same code.
 */

export type Mark = 'good' | 'bad' | 'missed'
export type Segment = { mark: Mark; text: string }

export type TypeComparison = {
  /** typed and expected are the same once normalized */
  correct: boolean
  /** the typed answer: good and bad runs */
  typed: Segment[]
  /** the expected answer: good and missed runs */
  expected: Segment[]
}

/* above this many table cells (two long paragraphs) the comparison goes position by position */
const MAX_CELLS = 4_000_000

/** NFC, outer spaces trimmed, inner runs of white space as one space: a stray space or newline is no mistake. */
export function normalizeAnswer(text: string) {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim()
}

/* user-perceived characters, so an accented letter or an emoji counts as one */
function characters(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(
      new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
      (part) => part.segment
    )
  }
  return Array.from(text)
}

/** For each character of a and b, whether it belongs to a longest common subsequence of the two. */
function commonFlags(a: string[], b: string[]) {
  const inA = new Array<boolean>(a.length).fill(false)
  const inB = new Array<boolean>(b.length).fill(false)
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) inA[i] = inB[i] = a[i] === b[i]
    return { inA, inB }
  }
  const width = b.length + 1
  /* lengths[i][j]: the LCS of a[i..] and b[j..], filled from the ends so the walk below goes forwards */
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
    }
  }
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      inA[i++] = true
      inB[j++] = true
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      i++
    } else {
      j++
    }
  }
  return { inA, inB }
}

/** Consecutive characters with the same mark, as one run. */
function runs(chars: string[], marks: Mark[]): Segment[] {
  const segments: Segment[] = []
  chars.forEach((char, index) => {
    const last = segments.at(-1)
    if (last && last.mark === marks[index]) last.text += char
    else segments.push({ mark: marks[index], text: char })
  })
  return segments
}

export function compareTyped(typedText: string, expectedText: string): TypeComparison {
  const typed = characters(normalizeAnswer(typedText))
  const expected = characters(normalizeAnswer(expectedText))
  const { inA, inB } = commonFlags(typed, expected)
  return {
    correct: typed.join('') === expected.join(''),
    typed: runs(
      typed,
      inA.map((good) => (good ? 'good' : 'bad'))
    ),
    expected: runs(
      expected,
      inB.map((good) => (good ? 'good' : 'missed'))
    ),
  }
}
