import { htmlToPlainText } from '#note_types/plain_text'

/*
 * A stream taken over by another worker (its worker died) goes on for the
 * cards still missing: it knows the fronts of the notes already saved.
 */

/** A card's front as compared on resume: plain text, spaces collapsed, case folded. */
export function frontKey(front: string) {
  return htmlToPlainText(front ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase()
}

/**
 * The words of a word list that have no card yet. A saved front that is the
 * word takes it off (once per card: a word listed twice needs two); fronts
 * that name no word (the model wrote "der Hund" for "Hund") take off as many
 * words from the start of the rest, since the model works down the list.
 */
export function remainingWords(words: string[], madeFronts: string[]) {
  const made = new Map<string, number>()
  for (const front of madeFronts) made.set(frontKey(front), (made.get(frontKey(front)) ?? 0) + 1)
  let unmatched = madeFronts.length
  const left: string[] = []
  for (const word of words) {
    const times = made.get(frontKey(word)) ?? 0
    if (times > 0) {
      made.set(frontKey(word), times - 1)
      unmatched--
    } else left.push(word)
  }
  return left.slice(Math.max(0, unmatched))
}
