import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { seedLibraryCategories } from '#database/library_categories'
import User from '#models/user'
import PublicDeck from '#models/public_deck'
import { createUser } from '#actions/auth/create_user'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { publishDeck } from '#actions/publishing/publish_deck'
import { approveRevision } from '#actions/publishing/review_revision'
import { setPublicDeckCategory } from '#actions/library/set_public_deck_category'

/* a few real decks in the demo library, by an author of their own, so /library has something to find and clone */
const AUTHOR = { email: 'lena.ortiz@mnemo.app', name: 'Lena Ortiz' }

const DECKS: {
  name: string
  description: string
  category: [string, string]
  notes: [string, string][]
}[] = [
  {
    name: 'Spanish verbs: the 20 you meet first',
    description:
      'The twenty Spanish verbs that carry most sentences, each with its everyday meaning. A first deck for beginners.',
    category: ['languages', 'spanish'],
    notes: [
      ['ser', 'to be (lasting)'],
      ['estar', 'to be (state, place)'],
      ['tener', 'to have'],
      ['hacer', 'to do, to make'],
      ['poder', 'can, to be able to'],
      ['decir', 'to say'],
      ['ir', 'to go'],
      ['ver', 'to see'],
      ['dar', 'to give'],
      ['saber', 'to know (facts)'],
      ['querer', 'to want'],
      ['llegar', 'to arrive'],
      ['pasar', 'to pass, to happen'],
      ['deber', 'must, to owe'],
      ['poner', 'to put'],
      ['parecer', 'to seem'],
      ['quedar', 'to stay, to remain'],
      ['creer', 'to believe'],
      ['hablar', 'to speak'],
      ['llevar', 'to carry, to wear'],
    ],
  },
  {
    name: 'Chemical elements: symbols',
    description:
      'The first twenty elements of the periodic table by symbol, the ones every chemistry course starts from.',
    category: ['sciences', 'chemistry'],
    notes: [
      ['H', 'Hydrogen'],
      ['He', 'Helium'],
      ['Li', 'Lithium'],
      ['Be', 'Beryllium'],
      ['B', 'Boron'],
      ['C', 'Carbon'],
      ['N', 'Nitrogen'],
      ['O', 'Oxygen'],
      ['F', 'Fluorine'],
      ['Ne', 'Neon'],
      ['Na', 'Sodium'],
      ['Mg', 'Magnesium'],
      ['Al', 'Aluminium'],
      ['Si', 'Silicon'],
      ['P', 'Phosphorus'],
      ['S', 'Sulfur'],
      ['Cl', 'Chlorine'],
      ['Ar', 'Argon'],
      ['K', 'Potassium'],
      ['Ca', 'Calcium'],
    ],
  },
  {
    name: 'Bones of the human body',
    description:
      'Twenty bones of the human skeleton with where they are, for anatomy students and the simply curious.',
    category: ['medicine', 'anatomy'],
    notes: [
      ['Femur', 'Thigh'],
      ['Tibia', 'Shin, inner'],
      ['Fibula', 'Shin, outer'],
      ['Patella', 'Knee cap'],
      ['Humerus', 'Upper arm'],
      ['Radius', 'Forearm, thumb side'],
      ['Ulna', 'Forearm, little-finger side'],
      ['Clavicle', 'Collarbone'],
      ['Scapula', 'Shoulder blade'],
      ['Sternum', 'Breastbone'],
      ['Mandible', 'Lower jaw'],
      ['Maxilla', 'Upper jaw'],
      ['Frontal bone', 'Forehead'],
      ['Occipital bone', 'Back of the skull'],
      ['Sacrum', 'Base of the spine'],
      ['Coccyx', 'Tailbone'],
      ['Calcaneus', 'Heel'],
      ['Talus', 'Ankle'],
      ['Pelvis', 'Hip'],
      ['Atlas', 'First neck vertebra'],
    ],
  },
]

/**
 * Publishes the demo library through the product's own actions (publish,
 * then approve by the demo moderator), once: a database that has any
 * library deck already is left as it is.
 */
export async function seedDemoLibrary(moderator: User) {
  if (await PublicDeck.query().first()) return
  /* the taxonomy the migration seeds, again in case the table was emptied since (idempotent) */
  await seedLibraryCategories(db)
  /* a demo database from before the library: its demo learner becomes the moderator, as a new one is */
  if (!moderator.isAdmin) {
    moderator.isAdmin = true
    await moderator.save()
  }
  const author =
    (await User.findBy('email', AUTHOR.email)) ??
    (await createUser({
      provider: 'email',
      ...AUTHOR,
      password: randomBytes(18).toString('base64url'),
    }))
  for (const entry of DECKS) {
    const deck = await createDeck(author, { name: entry.name })
    await bulkCreateNotes(author, {
      deck_id: deck.id,
      import_data: entry.notes.map(([front, back]) => ({ front, back })),
    })
    const revision = await publishDeck(author, {
      name: entry.name,
      description: entry.description,
      id: deck.id,
    })
    await approveRevision(moderator, { id: revision.id })
    await setPublicDeckCategory({
      publicDeckId: revision.publicDeckId,
      category: entry.category[0],
      subcategory: entry.category[1],
    })
  }
}
