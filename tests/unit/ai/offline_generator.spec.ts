import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { fixture } from '#tests/support/fixtures'
import { generateCards, type CardRequest, type GeneratedCard } from '#ai/cards'
import { offlineCards } from '#ai/offline/generator'
import { useOffline } from '#tests/support/ai_server'
import ApiException from '#exceptions/api_exception'

/*
 * The offline generator on three real texts (tests/fixtures/README.md says where each comes
 * from): a textbook section (OpenStax Concepts of Biology, "Overview of Photosynthesis"), that
 * section's glossary, and a German–English word list (Wiktionary's Swadesh list). Each expected
 * card below was read and judged a sensible card; a change to the generator that changes them
 * must be read again.
 */

const text = (name: string) => readFile(fixture('ai', name), 'utf8')

function document(body: string, format: CardRequest['format'], detail: CardRequest['detail'] = 'standard', maxCards = 100) {
  return [...offlineCards({ source: { kind: 'document', text: body }, format, detail, maxCards })]
}

/** Basic cards as [front, back], clozes as their text. */
const shown = (cards: GeneratedCard[]) => cards.map((card) => (card.kind === 'cloze' ? card.front : [card.front, card.back]))

const OVERVIEW_BASIC = [
    ["What is an autotroph?", "An organism that can produce its own food"],
    ["What are photoautotrophs?", "A type of autotroph that uses sunlight and carbon from carbon dioxide to synthesize chemical energy in the form of carbohydrates"],
    ["What are heterotrophs?", "Organisms incapable of photosynthesis that must therefore obtain energy and carbon from food by consuming other organisms"],
    ["What does photosynthesis require?", "Sunlight, carbon dioxide and water"],
    ["What is a granum?", "A stack of thylakoids"],
    ["Photosynthesis takes place in two stages. Name them.", "The light-dependent reactions and the Calvin cycle"],
    ["Through photosynthesis, certain organisms convert solar energy (sunlight) into _____, which is then used to build carbohydrate molecules.", "chemical energy"],
    ["The energy that is harnessed from _____ enters the ecosystems of our planet continuously and is transferred from one organism to another.", "photosynthesis"],
    ["Photosynthesis also results in the release of _____ into the atmosphere.", "oxygen"],
    ["_____ are the best-known autotrophs, but others exist, including certain types of bacteria and algae.", "Plants"],
    ["Oceanic algae contribute enormous quantities of _____ and oxygen to global food chains.", "food"],
    ["Humans are _____, as are all animals.", "heterotrophs"],
    ["_____ depend on autotrophs, either directly or indirectly.", "Heterotrophs"],
    ["A deer obtains _____ by eating plants.", "energy"],
    ["A wolf eating a _____ obtains energy that originally came from the plants eaten by that deer.", "deer"],
    ["The process of photosynthesis occurs not on the surface layers of the leaf, but rather in a middle layer called the _____.", "mesophyll"],
    ["The gas exchange of carbon dioxide and oxygen occurs through small, regulated openings called _____.", "stomata"],
    ["Chloroplasts have a double (inner and outer) _____.", "membrane"],
    ["Within the chloroplast is a third membrane that forms stacked, disc-shaped structures called _____.", "thylakoids"],
    ["Embedded in the _____ are molecules of chlorophyll, a pigment (a molecule that absorbs light) through which the entire process of photosynthesis begins.", "thylakoid membrane"],
    ["_____ is responsible for the green color of plants.", "Chlorophyll"],
    ["The thylakoid membrane encloses an internal space called the _____.", "thylakoid space"],
    ["Other types of pigments are also involved in _____, but chlorophyll is by far the most important.", "photosynthesis"],
    ["The _____ release oxygen from the hydrolysis of water as a byproduct.", "light-dependent reactions"],
    ["The two _____ use carrier molecules to transport the energy from one to the other.", "reactions"],
    ["The process of photosynthesis transformed life on _____.", "earth"],
    ["Photosynthesis uses carbon dioxide and water to assemble _____ (usually glucose) and releases oxygen into the air.", "carbohydrate molecules"],
    ["Eukaryotic autotrophs, such as plants and algae, have organelles called _____ in which photosynthesis takes place.", "chloroplasts"],
]

const OVERVIEW_CLOZE = [
    "An {{c1::autotroph}} is an organism that can produce its own food.",
    "Plants are also {{c1::photoautotrophs}}, a type of autotroph that uses sunlight and carbon from carbon dioxide to synthesize chemical energy in the form of carbohydrates.",
    "{{c1::Heterotrophs}} are organisms incapable of photosynthesis that must therefore obtain energy and carbon from food by consuming other organisms.",
    "Photosynthesis requires {{c1::sunlight}}, {{c2::carbon dioxide}}, and {{c3::water}} as starting reactants.",
    "A stack of thylakoids is called a {{c1::granum}}, and the space surrounding the granum is called stroma (not to be confused with stomata, the openings on the leaves).",
    "Photosynthesis takes place in two stages: the {{c1::light-dependent reactions}} and the {{c2::Calvin cycle}}.",
    "Through photosynthesis, certain organisms convert solar energy (sunlight) into {{c1::chemical energy}}, which is then used to build carbohydrate molecules.",
    "The energy that is harnessed from {{c1::photosynthesis}} enters the ecosystems of our planet continuously and is transferred from one organism to another.",
    "Photosynthesis also results in the release of {{c1::oxygen}} into the atmosphere.",
    "{{c1::Plants}} are the best-known autotrophs, but others exist, including certain types of bacteria and algae.",
    "Oceanic algae contribute enormous quantities of {{c1::food}} and oxygen to global food chains.",
    "Humans are {{c1::heterotrophs}}, as are all animals.",
    "{{c1::Heterotrophs}} depend on autotrophs, either directly or indirectly.",
    "A deer obtains {{c1::energy}} by eating plants.",
    "A wolf eating a {{c1::deer}} obtains energy that originally came from the plants eaten by that deer.",
    "The process of photosynthesis occurs not on the surface layers of the leaf, but rather in a middle layer called the {{c1::mesophyll}}.",
    "The gas exchange of carbon dioxide and oxygen occurs through small, regulated openings called {{c1::stomata}}.",
    "Chloroplasts have a double (inner and outer) {{c1::membrane}}.",
    "Within the chloroplast is a third membrane that forms stacked, disc-shaped structures called {{c1::thylakoids}}.",
    "Embedded in the {{c1::thylakoid membrane}} are molecules of chlorophyll, a pigment (a molecule that absorbs light) through which the entire process of photosynthesis begins.",
    "{{c1::Chlorophyll}} is responsible for the green color of plants.",
    "The thylakoid membrane encloses an internal space called the {{c1::thylakoid space}}.",
    "Other types of pigments are also involved in {{c1::photosynthesis}}, but chlorophyll is by far the most important.",
    "The {{c1::light-dependent reactions}} release oxygen from the hydrolysis of water as a byproduct.",
    "The two {{c1::reactions}} use carrier molecules to transport the energy from one to the other.",
    "The process of photosynthesis transformed life on {{c1::earth}}.",
    "Photosynthesis uses carbon dioxide and water to assemble {{c1::carbohydrate molecules}} (usually glucose) and releases oxygen into the air.",
    "Eukaryotic autotrophs, such as plants and algae, have organelles called {{c1::chloroplasts}} in which photosynthesis takes place.",
]

const GLOSSARY = [
    ["autotroph", "An organism capable of producing its own food"],
    ["chlorophyll", "The green pigment that captures the light energy that drives the reactions of photosynthesis"],
    ["chloroplast", "The organelle where photosynthesis takes place"],
    ["granum", "A stack of thylakoids located inside a chloroplast"],
    ["heterotroph", "An organism that consumes other organisms for food"],
    ["light-dependent reaction", "The first stage of photosynthesis where visible light is absorbed to form two energy-carrying molecules (ATP and NADPH)"],
    ["mesophyll", "The middle layer of cells in a leaf"],
    ["photoautotroph", "An organism capable of synthesizing its own food molecules (storing energy), using the energy of light"],
    ["pigment", "A molecule that is capable of absorbing light energy"],
    ["stoma", "The opening that regulates gas exchange and water regulation between leaves and the environment; plural: stomata"],
    ["stroma", "The fluid-filled space surrounding the grana inside a chloroplast where the Calvin cycle reactions of photosynthesis take place"],
    ["thylakoid", "A disc-shaped membranous structure inside a chloroplast where the light-dependent reactions of photosynthesis take place using chlorophyll embedded in the membranes"],
]

const WORDS = [
    ["Tier", "animal"],
    ["Fisch", "fish"],
    ["Vogel", "bird"],
    ["Hund", "dog"],
    ["Laus", "louse"],
    ["Schlange", "snake"],
    ["Wurm", "worm"],
    ["Baum", "tree"],
    ["Forst, Wald", "forest"],
    ["Stock", "stick"],
    ["Frucht, Obst", "fruit"],
    ["Samen, Saat", "seed"],
    ["Blatt", "leaf"],
    ["Wurzel", "root"],
    ["Borke, Rinde", "bark (of a tree)"],
    ["Blume", "flower"],
    ["Gras", "grass"],
    ["Sonne", "sun"],
    ["Mond", "moon"],
    ["Stern", "star"],
    ["Wasser", "water"],
    ["Regen", "rain"],
    ["Fluss", "river"],
    ["See", "lake"],
    ["Meer", "sea"],
    ["Salz", "salt"],
    ["Stein", "stone"],
    ["Sand", "sand"],
    ["Staub", "dust"],
    ["Erde", "earth"],
    ["Wolke", "cloud"],
    ["Nebel", "fog"],
    ["Himmel", "sky"],
    ["Wind", "wind"],
    ["Schnee", "snow"],
    ["Eis", "ice"],
    ["Rauch", "smoke"],
    ["Feuer", "fire"],
    ["Asche", "ash"],
    ["brennen", "to burn"],
    ["Straße", "road"],
    ["Berg", "mountain"],
]

test.group('Offline generator: a textbook section', () => {
  test('basic: definitions, enumerations, then fill-in-the-blank key sentences', async ({ assert }) => {
    const cards = document(await text('photosynthesis_overview.txt'), 'basic')
    assert.deepEqual(shown(cards), OVERVIEW_BASIC)
    assert.isTrue(cards.every((card) => card.kind === 'basic'))
  })

  test('cloze: the same facts as clozes of the document\'s own sentences', async ({ assert }) => {
    const cards = document(await text('photosynthesis_overview.txt'), 'cloze')
    assert.deepEqual(shown(cards), OVERVIEW_CLOZE)
    assert.isTrue(cards.every((card) => card.kind === 'cloze' && card.back === ''))
  })

  test('reversed keeps only cards that read both ways (term ⇄ definition)', async ({ assert }) => {
    const cards = document(await text('photosynthesis_overview.txt'), 'reversed')
    assert.deepEqual(shown(cards), [
      ['Autotroph', 'An organism that can produce its own food'],
      ['Photoautotrophs', 'A type of autotroph that uses sunlight and carbon from carbon dioxide to synthesize chemical energy in the form of carbohydrates'],
      ['Heterotrophs', 'Organisms incapable of photosynthesis that must therefore obtain energy and carbon from food by consuming other organisms'],
      ['Granum', 'A stack of thylakoids'],
    ])
  })

  test('mixed alternates question cards and clozes; brief shortens definitions', async ({ assert }) => {
    const cards = document(await text('photosynthesis_overview.txt'), 'mixed', 'brief', 6)
    assert.deepEqual(shown(cards), [
      ['What is an autotroph?', 'An organism that can produce its own food'],
      'Plants are also {{c1::photoautotrophs}}, a type of autotroph that uses sunlight and carbon from carbon dioxide to synthesize chemical energy in the form of carbohydrates.',
      ['What are heterotrophs?', 'Organisms incapable of photosynthesis'],
      'Photosynthesis requires {{c1::sunlight}}, {{c2::carbon dioxide}}, and {{c3::water}} as starting reactants.',
      ['What is a granum?', 'A stack of thylakoids'],
      'Photosynthesis takes place in two stages: the {{c1::light-dependent reactions}} and the {{c2::Calvin cycle}}.',
    ])
  })
})

test.group('Offline generator: a glossary', () => {
  test('each entry is a term → explanation card; as clozes the term is hidden', async ({ assert }) => {
    const body = await text('photosynthesis_glossary.txt')
    assert.deepEqual(shown(document(body, 'basic')), GLOSSARY)
    assert.deepEqual(shown(document(body, 'cloze', 'standard', 2)), [
      '{{c1::autotroph}}: an organism capable of producing its own food',
      '{{c1::chlorophyll}}: the green pigment that captures the light energy that drives the reactions of photosynthesis',
    ])
  })
})

test.group('Offline generator: a word list', (group) => {
  group.each.setup(() => useOffline())

  test('word → translation cards from the list\'s own pairs; clozes hide the translation', async ({ assert }) => {
    const words = (await text('swadesh_de_en.tsv')).split('\n').filter(Boolean)
    const request: CardRequest = { source: { kind: 'words', words, from: 'de', to: 'en' }, format: 'basic', detail: 'standard', maxCards: 100 }
    assert.deepEqual(shown([...offlineCards(request)]), WORDS)
    assert.deepEqual(shown([...offlineCards({ ...request, format: 'cloze', maxCards: 2 })].slice(0, 2)), ['Tier = {{c1::animal}}', 'Fisch = {{c1::fish}}'])
  })

  test('other separators work too; words without a translation are skipped', async ({ assert }) => {
    const cards = [...offlineCards({
      source: { kind: 'words', words: ['Haus - house', 'Baum = tree', '1. Katze: cat', 'Hund', 'haus — duplicate'] },
      format: 'basic', detail: 'standard', maxCards: 10,
    })]
    assert.deepEqual(shown(cards), [['Haus', 'house'], ['Baum', 'tree'], ['Katze', 'cat']])
  })

  test('a list of bare words is refused: translating needs a provider (E_AI_NEEDS_PROVIDER)', async ({ assert }) => {
    const words = (await text('swadesh_de_en.tsv')).split('\n').filter(Boolean).map((line) => line.split('\t')[0])
    try {
      for await (const card of generateCards({ source: { kind: 'words', words, from: 'de', to: 'en' }, format: 'basic', detail: 'standard', maxCards: 10 }).cards) {
        assert.fail(`no card expected, got ${JSON.stringify(card)}`)
      }
      assert.fail('the generation should have been refused')
    } catch (error) {
      assert.instanceOf(error, ApiException)
      assert.equal((error as ApiException).code, 'E_AI_NEEDS_PROVIDER')
      assert.equal((error as ApiException).key, 'ai_needs_provider_translation')
    }
  })
})

test.group('Offline generator through generateCards', (group) => {
  group.each.setup(() => useOffline())

  test('runs offline by default and stops at maxCards', async ({ assert }) => {
    const run = generateCards({ source: { kind: 'document', text: await text('photosynthesis_glossary.txt') }, format: 'basic', detail: 'standard', maxCards: 3 })
    assert.equal(run.provider, 'offline')
    const cards: GeneratedCard[] = []
    for await (const card of run.cards) cards.push(card)
    assert.deepEqual(shown(cards), GLOSSARY.slice(0, 3))
  })

  test('document text is escaped: a < in the text stays text', async ({ assert }) => {
    const cards = document('Mitosis: a division where <b>1 cell</b> gives 2 cells', 'basic')
    assert.deepEqual(shown(cards), [['Mitosis', 'A division where &lt;b&gt;1 cell&lt;/b&gt; gives 2 cells']])
  })
})
