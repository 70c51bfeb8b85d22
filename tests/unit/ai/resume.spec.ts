import { test } from '@japa/runner'
import { generateCards } from '#ai/cards'
import { remainingWords } from '#ai/resume'

/* A resumed AI stream (its worker died) goes on for the cards still missing. */
test.group('AI resume', () => {
  test('a word list loses the words that have a card, once per card', ({ assert }) => {
    assert.deepEqual(remainingWords(['Haus', 'Hund', 'Katze', 'Hund'], ['<b>haus</b>', 'Hund']), [
      'Katze',
      'Hund',
    ])
  })

  test('fronts that name no word take words off the start of the rest', ({ assert }) => {
    assert.deepEqual(remainingWords(['Haus', 'Hund', 'Katze', 'Maus'], ['das Haus', 'Hund']), [
      'Katze',
      'Maus',
    ])
  })

  test('the offline generator never makes a card the run saved before', async ({ assert }) => {
    const request = {
      source: { kind: 'words' as const, words: ['uno - one', 'dos - two', 'tres - three'] },
      format: 'basic' as const,
      detail: 'brief' as const,
      maxCards: 3,
    }
    const all: string[] = []
    for await (const card of generateCards(request).cards) all.push(card.front)
    const rest: string[] = []
    for await (const card of generateCards({ ...request, maxCards: 2, made: [all[0]] }).cards)
      rest.push(card.front)
    assert.deepEqual(rest, all.slice(1))
  })
})
