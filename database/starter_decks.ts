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

/*
 * Starter decks: what the onboarding suggests on a new install (by goal,
 * target language and subject: app/queries/onboarding/personalisation.ts).
 * Written for Mnemo; published and approved through the product's own
 * actions by an author of their own, each once (by name).
 */
const AUTHOR = { email: 'starter-decks@mnemo.app', name: 'Mnemo Starter Decks' }

type Starter = {
  name: string
  description: string
  category: [string, string]
  notes: [string, string][]
}

export const STARTER_DECKS: Starter[] = [
  {
    name: 'Spanish basics: first phrases',
    description:
      'Greetings, courtesy and the phrases a beginner uses on the first day in Spanish, each with its English meaning.',
    category: ['languages', 'spanish'],
    notes: [
      ['Hola', 'Hello'],
      ['Buenos días', 'Good morning'],
      ['Buenas noches', 'Good night / good evening'],
      ['Adiós', 'Goodbye'],
      ['Hasta luego', 'See you later'],
      ['Por favor', 'Please'],
      ['Gracias', 'Thank you'],
      ['De nada', "You're welcome"],
      ['Perdón', 'Sorry / excuse me'],
      ['Sí', 'Yes'],
      ['No', 'No'],
      ['¿Cómo estás?', 'How are you?'],
      ['Estoy bien', "I'm fine"],
      ['Me llamo…', 'My name is…'],
      ['¿Cómo te llamas?', "What's your name?"],
      ['Mucho gusto', 'Nice to meet you'],
      ['No entiendo', "I don't understand"],
      ['¿Hablas inglés?', 'Do you speak English?'],
      ['¿Dónde está el baño?', 'Where is the bathroom?'],
      ['¿Cuánto cuesta?', 'How much does it cost?'],
      ['La cuenta, por favor', 'The bill, please'],
      ['Agua', 'Water'],
    ],
  },
  {
    name: 'French basics: first phrases',
    description:
      'The French a beginner needs first: greetings, polite words and simple questions, each with its English meaning.',
    category: ['languages', 'french'],
    notes: [
      ['Bonjour', 'Hello / good morning'],
      ['Bonsoir', 'Good evening'],
      ['Au revoir', 'Goodbye'],
      ['À bientôt', 'See you soon'],
      ["S'il vous plaît", 'Please (formal)'],
      ['Merci', 'Thank you'],
      ['De rien', "You're welcome"],
      ['Excusez-moi', 'Excuse me'],
      ['Oui', 'Yes'],
      ['Non', 'No'],
      ['Comment allez-vous ?', 'How are you? (formal)'],
      ['Ça va ?', 'How is it going?'],
      ["Je m'appelle…", 'My name is…'],
      ['Enchanté', 'Nice to meet you'],
      ['Je ne comprends pas', "I don't understand"],
      ['Parlez-vous anglais ?', 'Do you speak English?'],
      ['Où sont les toilettes ?', 'Where is the toilet?'],
      ['Combien ça coûte ?', 'How much does it cost?'],
      ["L'addition, s'il vous plaît", 'The bill, please'],
      ["De l'eau", 'Some water'],
      ['Pardon', 'Sorry'],
    ],
  },
  {
    name: 'German basics: first phrases',
    description:
      'First German words and phrases for beginners: greetings, courtesy, and questions for getting around, ' +
      'with English meanings.',
    category: ['languages', 'german'],
    notes: [
      ['Hallo', 'Hello'],
      ['Guten Morgen', 'Good morning'],
      ['Guten Abend', 'Good evening'],
      ['Tschüss', 'Bye'],
      ['Auf Wiedersehen', 'Goodbye (formal)'],
      ['Bitte', 'Please / you are welcome'],
      ['Danke', 'Thank you'],
      ['Entschuldigung', 'Excuse me / sorry'],
      ['Ja', 'Yes'],
      ['Nein', 'No'],
      ['Wie geht es dir?', 'How are you?'],
      ['Mir geht es gut', "I'm fine"],
      ['Ich heiße…', 'My name is…'],
      ['Wie heißt du?', "What's your name?"],
      ['Freut mich', 'Nice to meet you'],
      ['Ich verstehe nicht', "I don't understand"],
      ['Sprechen Sie Englisch?', 'Do you speak English?'],
      ['Wo ist die Toilette?', 'Where is the toilet?'],
      ['Wie viel kostet das?', 'How much does it cost?'],
      ['Die Rechnung, bitte', 'The bill, please'],
      ['Wasser', 'Water'],
    ],
  },
  {
    name: 'World capitals',
    description:
      'Capitals of countries on every continent, from Canberra to Ottawa: a general-knowledge deck anyone can ' +
      'start with.',
    category: ['general', 'capitals'],
    notes: [
      ['Australia', 'Canberra'],
      ['Canada', 'Ottawa'],
      ['Brazil', 'Brasília'],
      ['Japan', 'Tokyo'],
      ['Kenya', 'Nairobi'],
      ['Portugal', 'Lisbon'],
      ['Spain', 'Madrid'],
      ['France', 'Paris'],
      ['Germany', 'Berlin'],
      ['Italy', 'Rome'],
      ['China', 'Beijing'],
      ['South Africa', 'Pretoria (executive)'],
      ['Argentina', 'Buenos Aires'],
      ['Egypt', 'Cairo'],
      ['India', 'New Delhi'],
      ['Mexico', 'Mexico City'],
      ['Turkey', 'Ankara'],
      ['Norway', 'Oslo'],
      ['New Zealand', 'Wellington'],
      ['Morocco', 'Rabat'],
      ['Peru', 'Lima'],
      ['Vietnam', 'Hanoi'],
      ['Poland', 'Warsaw'],
      ['Nigeria', 'Abuja'],
    ].map(([country, capital]) => [`Capital of ${country}?`, capital] as [string, string]),
  },
  {
    name: 'Anatomy terms: directions and regions',
    description:
      'The words anatomy uses to say where things are: directional terms and body regions, the vocabulary every ' +
      'first anatomy lecture assumes.',
    category: ['medicine', 'anatomy'],
    notes: [
      ['Anterior (ventral)', 'Toward the front of the body'],
      ['Posterior (dorsal)', 'Toward the back of the body'],
      ['Superior (cranial)', 'Toward the head'],
      ['Inferior (caudal)', 'Toward the feet or tail'],
      ['Medial', 'Toward the midline'],
      ['Lateral', 'Away from the midline'],
      ['Proximal', 'Closer to where a limb attaches'],
      ['Distal', 'Farther from where a limb attaches'],
      ['Superficial', 'Toward the body surface'],
      ['Deep', 'Away from the body surface'],
      ['Ipsilateral', 'On the same side of the body'],
      ['Contralateral', 'On the opposite side of the body'],
      ['Sagittal plane', 'Divides the body into left and right'],
      ['Coronal (frontal) plane', 'Divides the body into front and back'],
      ['Transverse plane', 'Divides the body into upper and lower parts'],
      ['Cephalic region', 'The head'],
      ['Thoracic region', 'The chest'],
      ['Brachial region', 'The upper arm'],
      ['Femoral region', 'The thigh'],
      ['Plantar region', 'The sole of the foot'],
      ['Cubital region', 'The elbow'],
      ['Carpal region', 'The wrist'],
    ],
  },
  {
    name: 'SAT vocabulary: 20 high-frequency words',
    description:
      'Twenty words that keep coming back in SAT reading passages, each with a short definition to recall ' +
      'before the exam.',
    category: ['exams', 'sat'],
    notes: [
      ['Ambiguous', 'Open to more than one interpretation'],
      ['Benevolent', 'Well-meaning and kindly'],
      ['Candid', 'Truthful and straightforward'],
      ['Diligent', 'Showing care and effort in work'],
      ['Ephemeral', 'Lasting a very short time'],
      ['Frugal', 'Sparing with money or food'],
      ['Gregarious', 'Fond of company; sociable'],
      ['Hypothesis', 'A proposed explanation to be tested'],
      ['Inevitable', 'Certain to happen'],
      ['Juxtapose', 'To place side by side for contrast'],
      ['Lucid', 'Clear and easy to understand'],
      ['Meticulous', 'Very careful about detail'],
      ['Nuance', 'A subtle difference in meaning'],
      ['Obsolete', 'No longer in use'],
      ['Pragmatic', 'Dealing with things practically'],
      ['Resilient', 'Able to recover quickly'],
      ['Skeptical', 'Not easily convinced'],
      ['Tenacious', 'Holding firmly to a purpose'],
      ['Undermine', 'To weaken gradually'],
      ['Verbose', 'Using more words than needed'],
    ],
  },
]

/** Publishes the starter decks the library lacks (by name), through publish and approve; a second run adds nothing. */
export async function seedStarterDecks(moderator: User) {
  await seedLibraryCategories(db)
  const published = await PublicDeck.query()
    .whereIn(
      'name',
      STARTER_DECKS.map((deck) => deck.name)
    )
    .select('name')
  const present = new Set(published.map((deck) => deck.name))
  const missing = STARTER_DECKS.filter((deck) => !present.has(deck.name))
  if (!missing.length) return
  const author =
    (await User.findBy('email', AUTHOR.email)) ??
    (await createUser({
      provider: 'email',
      ...AUTHOR,
      password: randomBytes(18).toString('base64url'),
    }))
  for (const entry of missing) {
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
