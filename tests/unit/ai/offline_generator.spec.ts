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

function document(
  body: string,
  format: CardRequest['format'],
  detail: CardRequest['detail'] = 'standard',
  maxCards = 100
) {
  return [...offlineCards({ source: { kind: 'document', text: body }, format, detail, maxCards })]
}

/** Basic cards as [front, back], clozes as their text. */
const shown = (cards: GeneratedCard[]) =>
  cards.map((card) => (card.kind === 'cloze' ? card.front : [card.front, card.back]))

const OVERVIEW_BASIC = [
  ['What is an autotroph?', 'An organism that can produce its own food'],
  [
    'What are photoautotrophs?',
    'A type of autotroph that uses sunlight and carbon from carbon dioxide to synthesize chemical energy in the ' +
      'form of carbohydrates',
  ],
  [
    'What are heterotrophs?',
    'Organisms incapable of photosynthesis that must therefore obtain energy and carbon from food by consuming ' +
      'other organisms',
  ],
  ['What does photosynthesis require?', 'Sunlight, carbon dioxide and water'],
  ['What is a granum?', 'A stack of thylakoids'],
  [
    'Photosynthesis takes place in two stages. What are they?',
    'The light-dependent reactions and the Calvin cycle',
  ],
  ['All living _____ on earth consist of one or more cells.', 'organisms'],
  [
    'Through photosynthesis, certain organisms convert solar energy (sunlight) into _____, which is then used ' +
      'to build carbohydrate molecules.',
    'chemical energy',
  ],
  [
    'The _____ that is harnessed from photosynthesis enters the ecosystems of our planet continuously and is ' +
      'transferred from one organism to another.',
    'energy',
  ],
  ['Photosynthesis also results in the release of _____ into the atmosphere.', 'oxygen'],
  [
    'In short, to eat and breathe, _____ depend almost entirely on the organisms that carry out photosynthesis.',
    'humans',
  ],
  ['Some _____ can carry out photosynthesis, whereas others cannot.', 'organisms'],
  [
    '_____ are the best-known autotrophs, but others exist, including certain types of bacteria and algae.',
    'Plants',
  ],
  [
    'Oceanic _____ contribute enormous quantities of food and oxygen to global food chains.',
    'algae',
  ],
  ['All organisms carrying out photosynthesis require _____.', 'sunlight'],
  [
    'The _____ of the word heterotroph mean “other” (hetero) “feeder” (troph), meaning that their food comes ' +
      'from other organisms.',
    'Greek roots',
  ],
  ['Humans are _____, as are all animals.', 'heterotrophs'],
  ['_____ depend on autotrophs, either directly or indirectly.', 'Heterotrophs'],
  ['A _____ obtains energy by eating plants.', 'deer'],
  [
    'After the process is complete, photosynthesis releases oxygen and produces _____, most commonly glucose.',
    'carbohydrate molecules',
  ],
  [
    'Although the equation looks simple, the many steps that take place during photosynthesis are actually ' +
      'quite complex, as in the way that the reaction summarizing _____ represented many individual reactions.',
    'cellular respiration',
  ],
  [
    'Before learning the details of how photoautotrophs turn sunlight into _____, it is important to become ' +
      'familiar with the physical structures involved.',
    'food',
  ],
  [
    'In plants, photosynthesis takes place primarily in leaves, which consist of many layers of _____ and have ' +
      'differentiated top and bottom sides.',
    'cells',
  ],
  [
    'The process of photosynthesis occurs not on the surface layers of the leaf, but rather in a middle layer ' +
      'called the _____.',
    'mesophyll',
  ],
  [
    'The gas exchange of carbon dioxide and oxygen occurs through small, regulated openings called _____.',
    'stomata',
  ],
  [
    'In all autotrophic eukaryotes, photosynthesis takes place inside an organelle called a _____.',
    'chloroplast',
  ],
  ['In _____, chloroplast-containing cells exist in the mesophyll.', 'plants'],
  ['Chloroplasts have a double (inner and outer) _____.', 'membrane'],
  [
    'Within the chloroplast is a third membrane that forms stacked, disc-shaped structures called _____.',
    'thylakoids',
  ],
  [
    'Embedded in the _____ are molecules of chlorophyll, a pigment (a molecule that absorbs light) through ' +
      'which the entire process of photosynthesis begins.',
    'thylakoid membrane',
  ],
  ['_____ is responsible for the green color of plants.', 'Chlorophyll'],
  ['The thylakoid membrane encloses an internal space called the _____.', 'thylakoid space'],
  [
    'Other types of pigments are also involved in photosynthesis, but _____ is by far the most important.',
    'chlorophyll',
  ],
  [
    'In the _____, which take place at the thylakoid membrane, chlorophyll absorbs energy from sunlight and ' +
      'then converts it into chemical energy with the use of water.',
    'light-dependent reactions',
  ],
  [
    'The _____ release oxygen from the hydrolysis of water as a byproduct.',
    'light-dependent reactions',
  ],
  [
    'In the Calvin cycle, which takes place in the stroma, the chemical energy derived from the light-dependent ' +
      'reactions drives both the capture of carbon in _____ molecules and the subsequent assembly of sugar molecules.',
    'carbon dioxide',
  ],
  [
    'The two _____ use carrier molecules to transport the energy from one to the other.',
    'reactions',
  ],
  [
    'The carriers that move energy from the light-dependent reactions to the _____ reactions can be thought of ' +
      'as “full” because they bring energy.',
    'Calvin cycle',
  ],
  [
    'After the energy is released, the “empty” energy _____ return to the light-dependent reactions to obtain ' +
      'more energy.',
    'carriers',
  ],
  [
    'The two-stage, two-location photosynthesis process was discovered by _____, whose continuing work over the ' +
      'subsequent decades provided much of our understanding of the process, the membranes, and the chemicals ' +
      'involved.',
    'Joan Mary Anderson',
  ],
  ['The process of photosynthesis transformed life on _____.', 'earth'],
  [
    'By harnessing energy from the sun, photosynthesis allowed _____ to access enormous amounts of energy.',
    'living things',
  ],
  [
    'Because of photosynthesis, _____ gained access to sufficient energy, allowing them to evolve new ' +
      'structures and achieve the biodiversity that is evident today.',
    'living things',
  ],
  [
    'Only certain organisms, called _____, can perform photosynthesis; they require the presence of ' +
      'chlorophyll, a specialized pigment that can absorb light and convert light energy into chemical energy.',
    'autotrophs',
  ],
  [
    'Photosynthesis uses carbon dioxide and water to assemble _____ (usually glucose) and releases oxygen into ' +
      'the air.',
    'carbohydrate molecules',
  ],
  [
    'Eukaryotic autotrophs, such as plants and algae, have organelles called _____ in which photosynthesis ' +
      'takes place.',
    'chloroplasts',
  ],
]

const OVERVIEW_CLOZE = [
  'An {{c1::autotroph}} is an organism that can produce its own food.',
  'Plants are also {{c1::photoautotrophs}}, a type of autotroph that uses sunlight and carbon from carbon ' +
    'dioxide to synthesize chemical energy in the form of carbohydrates.',
  '{{c1::Heterotrophs}} are organisms incapable of photosynthesis that must therefore obtain energy and carbon ' +
    'from food by consuming other organisms.',
  'Photosynthesis requires {{c1::sunlight}}, {{c2::carbon dioxide}}, and {{c3::water}} as starting reactants.',
  'A stack of thylakoids is called a {{c1::granum}}, and the space surrounding the {{c1::granum}} is called ' +
    'stroma (not to be confused with stomata, the openings on the leaves).',
  'Photosynthesis takes place in two stages: the {{c1::light-dependent reactions}} and the {{c2::Calvin cycle}}.',
  'All living {{c1::organisms}} on earth consist of one or more cells.',
  'Through photosynthesis, certain organisms convert solar energy (sunlight) into {{c1::chemical energy}}, ' +
    'which is then used to build carbohydrate molecules.',
  'The {{c1::energy}} that is harnessed from photosynthesis enters the ecosystems of our planet continuously ' +
    'and is transferred from one organism to another.',
  'Photosynthesis also results in the release of {{c1::oxygen}} into the atmosphere.',
  'In short, to eat and breathe, {{c1::humans}} depend almost entirely on the organisms that carry out photosynthesis.',
  'Some {{c1::organisms}} can carry out photosynthesis, whereas others cannot.',
  '{{c1::Plants}} are the best-known autotrophs, but others exist, including certain types of bacteria and algae.',
  'Oceanic {{c1::algae}} contribute enormous quantities of food and oxygen to global food chains.',
  'All organisms carrying out photosynthesis require {{c1::sunlight}}.',
  'The {{c1::Greek roots}} of the word heterotroph mean “other” (hetero) “feeder” (troph), meaning that their ' +
    'food comes from other organisms.',
  'Humans are {{c1::heterotrophs}}, as are all animals.',
  '{{c1::Heterotrophs}} depend on autotrophs, either directly or indirectly.',
  'A {{c1::deer}} obtains energy by eating plants.',
  'After the process is complete, photosynthesis releases oxygen and produces {{c1::carbohydrate molecules}}, ' +
    'most commonly glucose.',
  'Although the equation looks simple, the many steps that take place during photosynthesis are actually quite ' +
    'complex, as in the way that the reaction summarizing {{c1::cellular respiration}} represented many ' +
    'individual reactions.',
  'Before learning the details of how photoautotrophs turn sunlight into {{c1::food}}, it is important to ' +
    'become familiar with the physical structures involved.',
  'In plants, photosynthesis takes place primarily in leaves, which consist of many layers of {{c1::cells}} and ' +
    'have differentiated top and bottom sides.',
  'The process of photosynthesis occurs not on the surface layers of the leaf, but rather in a middle layer ' +
    'called the {{c1::mesophyll}}.',
  'The gas exchange of carbon dioxide and oxygen occurs through small, regulated openings called {{c1::stomata}}.',
  'In all autotrophic eukaryotes, photosynthesis takes place inside an organelle called a {{c1::chloroplast}}.',
  'In {{c1::plants}}, chloroplast-containing cells exist in the mesophyll.',
  'Chloroplasts have a double (inner and outer) {{c1::membrane}}.',
  'Within the chloroplast is a third membrane that forms stacked, disc-shaped structures called {{c1::thylakoids}}.',
  'Embedded in the {{c1::thylakoid membrane}} are molecules of chlorophyll, a pigment (a molecule that absorbs ' +
    'light) through which the entire process of photosynthesis begins.',
  '{{c1::Chlorophyll}} is responsible for the green color of plants.',
  'The thylakoid membrane encloses an internal space called the {{c1::thylakoid space}}.',
  'Other types of pigments are also involved in photosynthesis, but {{c1::chlorophyll}} is by far the most important.',
  'In the {{c1::light-dependent reactions}}, which take place at the thylakoid membrane, chlorophyll absorbs ' +
    'energy from sunlight and then converts it into chemical energy with the use of water.',
  'The {{c1::light-dependent reactions}} release oxygen from the hydrolysis of water as a byproduct.',
  'In the Calvin cycle, which takes place in the stroma, the chemical energy derived from the light-dependent ' +
    'reactions drives both the capture of carbon in {{c1::carbon dioxide}} molecules and the subsequent ' +
    'assembly of sugar molecules.',
  'The two {{c1::reactions}} use carrier molecules to transport the energy from one to the other.',
  'The carriers that move energy from the light-dependent reactions to the {{c1::Calvin cycle}} reactions can ' +
    'be thought of as “full” because they bring energy.',
  'After the energy is released, the “empty” energy {{c1::carriers}} return to the light-dependent reactions to ' +
    'obtain more energy.',
  'The two-stage, two-location photosynthesis process was discovered by {{c1::Joan Mary Anderson}}, whose ' +
    'continuing work over the subsequent decades provided much of our understanding of the process, the ' +
    'membranes, and the chemicals involved.',
  'The process of photosynthesis transformed life on {{c1::earth}}.',
  'By harnessing energy from the sun, photosynthesis allowed {{c1::living things}} to access enormous amounts ' +
    'of energy.',
  'Because of photosynthesis, {{c1::living things}} gained access to sufficient energy, allowing them to evolve ' +
    'new structures and achieve the biodiversity that is evident today.',
  'Only certain organisms, called {{c1::autotrophs}}, can perform photosynthesis; they require the presence of ' +
    'chlorophyll, a specialized pigment that can absorb light and convert light energy into chemical energy.',
  'Photosynthesis uses carbon dioxide and water to assemble {{c1::carbohydrate molecules}} (usually glucose) ' +
    'and releases oxygen into the air.',
  'Eukaryotic autotrophs, such as plants and algae, have organelles called {{c1::chloroplasts}} in which ' +
    'photosynthesis takes place.',
]

const GLOSSARY = [
  ['autotroph', 'An organism capable of producing its own food'],
  [
    'chlorophyll',
    'The green pigment that captures the light energy that drives the reactions of photosynthesis',
  ],
  ['chloroplast', 'The organelle where photosynthesis takes place'],
  ['granum', 'A stack of thylakoids located inside a chloroplast'],
  ['heterotroph', 'An organism that consumes other organisms for food'],
  [
    'light-dependent reaction',
    'The first stage of photosynthesis where visible light is absorbed to form two energy-carrying molecules ' +
      '(ATP and NADPH)',
  ],
  ['mesophyll', 'The middle layer of cells in a leaf'],
  [
    'photoautotroph',
    'An organism capable of synthesizing its own food molecules (storing energy), using the energy of light',
  ],
  ['pigment', 'A molecule that is capable of absorbing light energy'],
  [
    'stoma',
    'The opening that regulates gas exchange and water regulation between leaves and the environment; plural: stomata',
  ],
  [
    'stroma',
    'The fluid-filled space surrounding the grana inside a chloroplast where the Calvin cycle reactions of ' +
      'photosynthesis take place',
  ],
  [
    'thylakoid',
    'A disc-shaped membranous structure inside a chloroplast where the light-dependent reactions of ' +
      'photosynthesis take place using chlorophyll embedded in the membranes',
  ],
]

const WORDS = [
  ['Tier', 'animal'],
  ['Fisch', 'fish'],
  ['Vogel', 'bird'],
  ['Hund', 'dog'],
  ['Laus', 'louse'],
  ['Schlange', 'snake'],
  ['Wurm', 'worm'],
  ['Baum', 'tree'],
  ['Forst, Wald', 'forest'],
  ['Stock', 'stick'],
  ['Frucht, Obst', 'fruit'],
  ['Samen, Saat', 'seed'],
  ['Blatt', 'leaf'],
  ['Wurzel', 'root'],
  ['Borke, Rinde', 'bark (of a tree)'],
  ['Blume', 'flower'],
  ['Gras', 'grass'],
  ['Sonne', 'sun'],
  ['Mond', 'moon'],
  ['Stern', 'star'],
  ['Wasser', 'water'],
  ['Regen', 'rain'],
  ['Fluss', 'river'],
  ['See', 'lake'],
  ['Meer', 'sea'],
  ['Salz', 'salt'],
  ['Stein', 'stone'],
  ['Sand', 'sand'],
  ['Staub', 'dust'],
  ['Erde', 'earth'],
  ['Wolke', 'cloud'],
  ['Nebel', 'fog'],
  ['Himmel', 'sky'],
  ['Wind', 'wind'],
  ['Schnee', 'snow'],
  ['Eis', 'ice'],
  ['Rauch', 'smoke'],
  ['Feuer', 'fire'],
  ['Asche', 'ash'],
  ['brennen', 'to burn'],
  ['Straße', 'road'],
  ['Berg', 'mountain'],
]

test.group('Offline generator: a textbook section', () => {
  test('basic: definitions, enumerations, then fill-in-the-blank key sentences', async ({
    assert,
  }) => {
    const cards = document(await text('photosynthesis_overview.txt'), 'basic')
    assert.deepEqual(shown(cards), OVERVIEW_BASIC)
    assert.isTrue(cards.every((card) => card.kind === 'basic'))
  })

  test("cloze: the same facts as clozes of the document's own sentences", async ({ assert }) => {
    const cards = document(await text('photosynthesis_overview.txt'), 'cloze')
    assert.deepEqual(shown(cards), OVERVIEW_CLOZE)
    assert.isTrue(cards.every((card) => card.kind === 'cloze' && card.back === ''))
  })

  test('reversed keeps only cards that read both ways (term ⇄ definition)', async ({ assert }) => {
    const cards = document(await text('photosynthesis_overview.txt'), 'reversed')
    assert.deepEqual(shown(cards), [
      ['Autotroph', 'An organism that can produce its own food'],
      [
        'Photoautotrophs',
        'A type of autotroph that uses sunlight and carbon from carbon dioxide to synthesize chemical energy in ' +
          'the form of carbohydrates',
      ],
      [
        'Heterotrophs',
        'Organisms incapable of photosynthesis that must therefore obtain energy and carbon from food by ' +
          'consuming other organisms',
      ],
      ['Granum', 'A stack of thylakoids'],
    ])
  })

  test('mixed alternates question cards and clozes; brief shortens definitions', async ({
    assert,
  }) => {
    const cards = document(await text('photosynthesis_overview.txt'), 'mixed', 'brief', 6)
    assert.deepEqual(shown(cards), [
      ['What is an autotroph?', 'An organism that can produce its own food'],
      'Plants are also {{c1::photoautotrophs}}, a type of autotroph that uses sunlight and carbon from carbon ' +
        'dioxide to synthesize chemical energy in the form of carbohydrates.',
      ['What are heterotrophs?', 'Organisms incapable of photosynthesis'],
      'Photosynthesis requires {{c1::sunlight}}, {{c2::carbon dioxide}}, and {{c3::water}} as starting reactants.',
      ['What is a granum?', 'A stack of thylakoids'],
      'Photosynthesis takes place in two stages: the {{c1::light-dependent reactions}} and the {{c2::Calvin cycle}}.',
    ])
  })
})

test.group('Offline generator: a glossary', () => {
  test('each entry is a term → explanation card; as clozes the term is hidden', async ({
    assert,
  }) => {
    const body = await text('photosynthesis_glossary.txt')
    assert.deepEqual(shown(document(body, 'basic')), GLOSSARY)
    assert.deepEqual(shown(document(body, 'cloze', 'standard', 2)), [
      '{{c1::autotroph}}: an organism capable of producing its own food',
      '{{c1::chlorophyll}}: the green pigment that captures the light energy that drives the reactions of ' +
        'photosynthesis',
    ])
  })
})

test.group('Offline generator: headings and labels (issue 29)', () => {
  /*
   * a page pasted from the web: a title right above its first sentence, a "Key terms" label above a one-entry
   * glossary
   */
  const page = [
    'Photosynthesis',
    'Photosynthesis is the process by which plants use sunlight, water and carbon dioxide to make sugar. It ' +
      'happens in the chloroplasts of leaf cells.',
    'Key terms',
    'chlorophyll: the green pigment that absorbs light energy. It is found in chloroplasts.',
  ].join('\n')

  test('a heading is not read into the sentence below it; a glossary under "Key terms" is a glossary', ({
    assert,
  }) => {
    assert.deepEqual(shown(document(page, 'basic')), [
      ['chlorophyll', 'The green pigment that absorbs light energy. It is found in chloroplasts'],
      [
        'What is photosynthesis?',
        'The process by which plants use sunlight, water and carbon dioxide to make sugar',
      ],
    ])
    assert.deepEqual(shown(document(page, 'cloze')), [
      '{{c1::chlorophyll}}: the green pigment that absorbs light energy. It is found in chloroplasts',
      '{{c1::Photosynthesis}} is the process by which plants use sunlight, water and carbon dioxide to make sugar.',
    ])
  })
})

test.group('Offline generator: a word list', (group) => {
  group.each.setup(() => useOffline())

  test("word → translation cards from the list's own pairs; clozes hide the translation", async ({
    assert,
  }) => {
    const words = (await text('swadesh_de_en.tsv')).split('\n').filter(Boolean)
    const request: CardRequest = {
      source: { kind: 'words', words, from: 'de', to: 'en' },
      format: 'basic',
      detail: 'standard',
      maxCards: 100,
    }
    assert.deepEqual(shown([...offlineCards(request)]), WORDS)
    assert.deepEqual(
      shown([...offlineCards({ ...request, format: 'cloze', maxCards: 2 })].slice(0, 2)),
      ['Tier = {{c1::animal}}', 'Fisch = {{c1::fish}}']
    )
  })

  test('other separators work too; words without a translation are skipped', async ({ assert }) => {
    const cards = [
      ...offlineCards({
        source: {
          kind: 'words',
          words: ['Haus - house', 'Baum = tree', '1. Katze: cat', 'Hund', 'haus — duplicate'],
        },
        format: 'basic',
        detail: 'standard',
        maxCards: 10,
      }),
    ]
    assert.deepEqual(shown(cards), [
      ['Haus', 'house'],
      ['Baum', 'tree'],
      ['Katze', 'cat'],
    ])
  })

  test('a list of bare words is refused: translating needs a provider (E_AI_NEEDS_PROVIDER)', async ({
    assert,
  }) => {
    const words = (await text('swadesh_de_en.tsv'))
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t')[0])
    try {
      for await (const card of generateCards({
        source: { kind: 'words', words, from: 'de', to: 'en' },
        format: 'basic',
        detail: 'standard',
        maxCards: 10,
      }).cards) {
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
    const run = generateCards({
      source: { kind: 'document', text: await text('photosynthesis_glossary.txt') },
      format: 'basic',
      detail: 'standard',
      maxCards: 3,
    })
    assert.equal(run.provider, 'offline')
    const cards: GeneratedCard[] = []
    for await (const card of run.cards) cards.push(card)
    assert.deepEqual(shown(cards), GLOSSARY.slice(0, 3))
  })

  test('document text is escaped: a < in the text stays text', async ({ assert }) => {
    const cards = document('Mitosis: a division where <b>1 cell</b> gives 2 cells', 'basic')
    assert.deepEqual(shown(cards), [
      ['Mitosis', 'A division where &lt;b&gt;1 cell&lt;/b&gt; gives 2 cells'],
    ])
  })
})
