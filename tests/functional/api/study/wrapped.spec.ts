import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { daysBetween } from '#scheduling/study_day'
import { resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { cards, deck, reviewLogs, studyDays, todayOf } from './support.js'

let mediaKey = 0
async function media(user: User, createdAt: string) {
  mediaKey += 1
  await db.table('media').insert({
    key: `wrapped-${mediaKey}-${Math.random().toString(36).slice(2)}`,
    user_id: user.id,
    kind: 'image',
    mime: 'image/png',
    original_name: 'a.png',
    size: 10,
    created_at: new Date(createdAt),
  })
}

/** A year of history for `user` in `year`, with a little before and after it. */
async function history(user: User, year: number, weight: number) {
  const y = (monthDay: string) => `${year}-${monthDay}`
  const a = await deck(user, `Spanish ${weight}`)
  const b = await deck(user, `Biology ${weight}`)
  const c = await deck(user, `History ${weight}`)
  const d = await deck(user, `Maths ${weight}`)
  const [hardest, hard, easy] = await cards(user, a.id, [
    'el ayuntamiento',
    'la bombilla',
    'el gato',
  ])
  const [bio] = await cards(user, b.id, ['mitochondria'])
  const [hist] = await cards(user, c.id, ['1066'])
  const [maths] = await cards(user, d.id, ['pi'])
  await studyDays(user.id, {
    [y('01-10')]: 5 * weight,
    [y('01-11')]: 8 * weight,
    [y('01-12')]: 6 * weight, // a streak of 3
    [y('02-01')]: 12 * weight, // the busiest day
    [y('02-02')]: 3, // studied, but not an active day
    [y('06-01')]: 5 * weight,
    [`${year - 1}-12-31`]: 40,
    [`${year + 1}-01-01`]: 40, // outside the year
  })
  await reviewLogs(user, [
    { card: hardest, day: y('01-10'), answer: 'again', times: 2 },
    { card: hardest, day: y('01-11'), answer: 'study_again', kind: 'speed' },
    { card: hard, day: y('01-11'), answer: 'again', times: 2 },
    { card: easy, day: y('01-11'), answer: 'good', times: 1 },
    { card: maths, day: y('02-01'), answer: 'good', times: 3 },
    { card: bio, day: y('02-01'), answer: 'good', times: 2 },
    { card: hist, day: y('06-01'), answer: 'good', times: 1 },
    /* outside the year: never counted */
    { card: hist, day: `${year - 1}-12-31`, answer: 'again', times: 9 },
    { card: hist, day: `${year + 1}-01-01`, answer: 'again', times: 9 },
  ])
  /*
   * attachments: two in the year; the rollover is 4 am, so 2 am on January 1st is still the old year's last
   * study day
   */
  await media(user, `${year}-03-03T12:00:00Z`)
  await media(user, `${year + 1}-01-01T02:00:00Z`)
  await media(user, `${year + 1}-01-01T05:00:00Z`)
  await media(user, `${year}-01-01T03:00:00Z`)
  /* cards created in the year: four of the six (made now, moved into the year here) */
  const mine = await db
    .from('cards')
    .join('notes', 'notes.id', 'cards.note_id')
    .where('notes.user_id', user.id)
    .orderBy('cards.id')
    .select('cards.id')
  const createdAt = [
    `${year}-01-05T10:00:00Z`,
    `${year}-07-01T10:00:00Z`,
    `${year}-12-31T23:00:00Z`,
    `${year + 1}-01-01T03:59:00Z`,
    `${year - 1}-06-01T10:00:00Z`,
    `${year + 1}-02-01T10:00:00Z`,
  ]
  for (const [index, row] of mine.entries())
    await db
      .from('cards')
      .where('id', row.id)
      .update({ created_at: new Date(createdAt[index]) })
  return { a, b, c, d, hardest }
}

test.group('API wrapped: GET users/wrapped', (group) => {
  group.each.setup(() => resetState())

  test("every figure of the year in review, from the learner's own history only", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const other = await signIn()
    const year = Number(todayOf(user).slice(0, 4)) - 1
    await db
      .from('users')
      .where('id', user.id)
      .update({ created_at: new Date(`${year - 1}-11-20T12:00:00Z`) })
    const { a, b, d, hardest } = await history(user, year, 1)
    /* the other learner studied far more that year: none of it shows */
    await history(other.user, year, 10)

    const response = await client.get('/api/users/wrapped').bearerToken(token).qs({ year })
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      year,
      activeDaysCount: 5,
      longestStreak: 3,
      mostProductiveDay: { date: `${year}-02-01`, cardsStudied: 12 },
      mostProductiveDecks: [
        { id: a.id, name: 'Spanish 1', cardsStudied: 6 },
        { id: d.id, name: 'Maths 1', cardsStudied: 3 },
        { id: b.id, name: 'Biology 1', cardsStudied: 2 },
      ],
      mostChallengedCard: {
        cardId: hardest.id,
        noteId: hardest.noteId,
        deckId: a.id,
        front: 'el ayuntamiento',
        againCount: 3,
      },
      collaboratorsCount: 0,
      attachmentsCount: 2,
      studiedCardsCount: 5 + 8 + 6 + 12 + 3 + 5,
      createdCardsCount: 4,
      /* the joining day counts as the first */
      daysWithUs: daysBetween(`${year - 1}-11-20`, todayOf(user)) + 1,
      /* every answer of history() is given an hour after the study day starts (4 am): 5 am, night */
      busiestHourBucket: 'night',
    })
  })

  test('a year without any study: zeros and nulls; the current year by default; the year is validated', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const response = await client.get('/api/users/wrapped').bearerToken(token)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      year: Number(todayOf(user).slice(0, 4)),
      activeDaysCount: 0,
      longestStreak: 0,
      mostProductiveDay: null,
      mostProductiveDecks: [],
      mostChallengedCard: null,
      collaboratorsCount: 0,
      attachmentsCount: 0,
      studiedCardsCount: 0,
      createdCardsCount: 0,
      /* joined today: the first day with us */
      daysWithUs: 1,
      busiestHourBucket: null,
    })
    for (const year of ['1999', 'abc', '2020.5']) {
      const bad = await client.get('/api/users/wrapped').bearerToken(token).qs({ year })
      bad.assertStatus(422)
      assert.equal(bad.body().errors[0].field, 'year')
    }
  })

  test('the most failed card reads as written, capitals kept (a German noun stays a noun)', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const year = Number(todayOf(user).slice(0, 4)) - 1
    const german = await deck(user, 'Deutsch')
    const [rathaus, apfel] = await cards(user, german.id, ['Das <b>Rathaus</b>', 'Der Apfel'])
    await reviewLogs(user, [
      { card: rathaus, day: `${year}-03-01`, answer: 'again', times: 3 },
      { card: apfel, day: `${year}-03-01`, answer: 'again', times: 1 },
    ])
    const response = await client.get('/api/users/wrapped').bearerToken(token).qs({ year })
    response.assertStatus(200)
    assert.deepEqual(response.body().mostChallengedCard, {
      cardId: rathaus.id,
      noteId: rathaus.noteId,
      deckId: german.id,
      front: 'Das Rathaus',
      againCount: 3,
    })
  })

  test('GET users/wrapped is not taken for users/{id}', async ({ client, assert }) => {
    const { token } = await signIn()
    const response = await client.get('/api/users/wrapped').bearerToken(token).qs({ year: 2024 })
    response.assertStatus(200)
    assert.equal(response.body().year, 2024)
  })
})
