import { test } from '@japa/runner'
import { createDeck } from '#actions/decks/create_deck'
import { updateAlgorithmSettings } from '#actions/learning/update_algorithm_settings'
import { deckWithRoot } from '#queries/learning/algorithm_settings'
import AlgorithmSettingsTransformer from '#transformers/algorithm_settings_transformer'
import { serialize } from '#transformers/serialize'
import { PRESET_NAMES } from '#scheduling/presets'
import { makeUser, resetState } from '#tests/support/helpers'

test.group(
  'Algorithm settings: read from the root, written on the root, shaped by a transformer',
  (group) => {
    group.each.setup(() => resetState())

    test("a subdeck shows its root's settings, not editable there", async ({ assert }) => {
      const user = await makeUser()
      const root = await createDeck(user, { name: 'Root' })
      const sub = await createDeck(user, { name: 'Sub', parent_id: root.id })
      const read = await deckWithRoot(user, sub.id)
      assert.equal(read.root.id, root.id)
      assert.deepInclude(
        await serialize(AlgorithmSettingsTransformer.transform(read.root, read.deck)),
        { deckId: sub.id, rootDeckId: root.id, editable: false }
      )
      assert.equal(
        (
          await updateAlgorithmSettings(user, { id: sub.id, algorithm_preset: 'languages' }).catch(
            (caught) => caught
          )
        ).code,
        'E_ALGORITHM_ON_ROOT_ONLY'
      )
    })

    test("updateAlgorithmSettings returns the root as saved; the sheet adds every preset's values", async ({
      assert,
    }) => {
      const user = await makeUser()
      const root = await createDeck(user, { name: 'Root' })
      const saved = await updateAlgorithmSettings(user, {
        id: root.id,
        algorithm_preset: 'custom',
        steps_in_minutes: '2 20',
        easy_bonus_percent: 30,
      })
      assert.equal(saved.id, root.id)
      assert.deepInclude(await serialize(AlgorithmSettingsTransformer.transform(saved)), {
        algorithmPreset: 'custom',
        stepsInMinutes: '2 20',
        easyBonusPercent: 30,
        editable: true,
      })
      const sheet = await serialize(
        AlgorithmSettingsTransformer.transform(saved).useVariant('forEditor')
      )
      assert.sameMembers(Object.keys(sheet.presets), [...PRESET_NAMES])
    })
  }
)
