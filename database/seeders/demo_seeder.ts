import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import NoteType from '#models/note_type'
import { createUser } from '#actions/auth/create_user'
import { createDeck } from '#actions/decks/create_deck'
import { saveFolder } from '#actions/folders/save_folder'
import { saveNote } from '#actions/notes/save_note'
import { playDemoHistory } from '#database/demo_history'
import { DEMO } from '#database/demo_account'
import { seedDemoLibrary } from '#database/demo_library'
import { seedStarterDecks } from '#database/starter_decks'

export { DEMO }

/* a small library of what the product can hold: a folder, subdecks, every built-in card type */
const SPANISH = [
  ['el perro', 'the dog'],
  ['el gato', 'the cat'],
  ['la casa', 'the house'],
  ['el libro', 'the book'],
  ['la manzana', 'the apple'],
  ['el agua', 'the water'],
  ['la ciudad', 'the city'],
  ['el tiempo', 'the weather; time'],
]

/* the deck with six weeks of history behind it (statistics, streak, forecast) */
const CAPITALS = [
  ['France', 'Paris'],
  ['Germany', 'Berlin'],
  ['Portugal', 'Lisbon'],
  ['Spain', 'Madrid'],
  ['Italy', 'Rome'],
  ['Japan', 'Tokyo'],
  ['Canada', 'Ottawa'],
  ['Australia', 'Canberra'],
  ['Brazil', 'Brasília'],
  ['Kenya', 'Nairobi'],
  ['Norway', 'Oslo'],
  ['Egypt', 'Cairo'],
  ['Peru', 'Lima'],
  ['Vietnam', 'Hanoi'],
  ['Poland', 'Warsaw'],
  ['Chile', 'Santiago'],
  ['Turkey', 'Ankara'],
  ['Morocco', 'Rabat'],
  ['India', 'New Delhi'],
  ['Mexico', 'Mexico City'],
  ['Argentina', 'Buenos Aires'],
  ['Greece', 'Athens'],
  ['Ireland', 'Dublin'],
  ['Sweden', 'Stockholm'],
  ['Thailand', 'Bangkok'],
  ['Nigeria', 'Abuja'],
  ['Colombia', 'Bogotá'],
  ['Finland', 'Helsinki'],
  ['Austria', 'Vienna'],
  ['Switzerland', 'Bern'],
  ['New Zealand', 'Wellington'],
  ['South Korea', 'Seoul'],
  ['Indonesia', 'Jakarta'],
  ['Ghana', 'Accra'],
  ['Cuba', 'Havana'],
  ['Hungary', 'Budapest'],
  ['Iceland', 'Reykjavík'],
  ['Philippines', 'Manila'],
  ['Ukraine', 'Kyiv'],
  ['Senegal', 'Dakar'],
  ['Denmark', 'Copenhagen'],
  ['Belgium', 'Brussels'],
  ['Netherlands', 'Amsterdam'],
  ['Czechia', 'Prague'],
  ['Croatia', 'Zagreb'],
  ['Romania', 'Bucharest'],
  ['Ethiopia', 'Addis Ababa'],
  ['Pakistan', 'Islamabad'],
  ['Malaysia', 'Kuala Lumpur'],
  ['Uruguay', 'Montevideo'],
].map(([country, capital]) => ({ front: `Capital of ${country}?`, back: capital }))

/** The demo account's decks and history. Idempotent: runs on every `npm start`. */
export default class DemoSeeder extends BaseSeeder {
  static environment = ['development']

  async run() {
    const demo = (await User.findBy('email', DEMO.email)) ?? (await this.seedAccount())
    await seedDemoLibrary(demo)
    /* what the onboarding suggests on a new install */
    await seedStarterDecks(demo)
  }

  private async seedAccount() {
    const user = await createUser({ provider: 'email', ...DEMO })
    /* the demo learner moderates the library too, so /moderation can be tried (development only) */
    user.isAdmin = true
    await user.save()
    /* outside the transaction below, which must not take a second connection (app/services/transaction_guard.ts) */
    const builtins = await NoteType.query().whereNull('user_id').select('id', 'kind')
    const type = async (kind: string) => builtins.find((row) => row.kind === kind)!.id
    const folder = await saveFolder(user, { name: 'Languages', color: 'teal', emoji_utf_16: '🌍' })
    await db.transaction(async (trx) => {
      const spanish = await createDeck(user, { name: 'Spanish', folder_id: folder.id }, { trx })
      const basics = await createDeck(user, { name: 'Basics', parent_id: spanish.id }, { trx })
      for (const [front, back] of SPANISH) {
        await saveNote(
          user,
          {
            deck: basics,
            noteTypeId: await type('reversed'),
            fields: { Front: front, Back: back },
          },
          trx
        )
      }
      const science = await createDeck(user, { name: 'Science' }, { trx })
      await saveNote(
        user,
        {
          deck: science,
          noteTypeId: await type('cloze'),
          fields: {
            'Text':
              'Water boils at {{c1::100 °C}} at sea level and freezes at {{c2::0 °C::temperature}}.',
            'Back Extra': '',
          },
        },
        trx
      )
      await saveNote(
        user,
        {
          deck: science,
          noteTypeId: await type('basic'),
          fields: { Front: 'E = mc<sup>2</sup>: what is <i>c</i>?', Back: 'The speed of light' },
        },
        trx
      )
      await saveNote(
        user,
        {
          deck: science,
          noteTypeId: await type('type_in'),
          fields: { Front: 'Chemical symbol of gold', Back: 'Au' },
        },
        trx
      )
      await saveNote(
        user,
        {
          deck: science,
          noteTypeId: await type('basic'),
          fields: {
            Front: 'Quadratic formula',
            Back: '\\(x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\\)',
          },
        },
        trx
      )

      const geography = await createDeck(user, { name: 'World capitals' }, { trx })
      const notes = []
      for (const { front, back } of CAPITALS) {
        notes.push(
          await saveNote(
            user,
            {
              deck: geography,
              noteTypeId: await type('basic'),
              fields: { Front: front, Back: back },
            },
            trx
          )
        )
      }
      const cards = await trx
        .from('cards')
        .whereIn(
          'note_id',
          notes.map((note) => note.id)
        )
        .orderBy('id')
        .select('id', 'deck_id')
      await playDemoHistory(user.id, cards, trx)
    })
    return user
  }
}
