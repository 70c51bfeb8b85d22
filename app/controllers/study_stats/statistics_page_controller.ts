import type { HttpContext } from '@adonisjs/core/http'
import Deck from '#models/deck'
import type User from '#models/user'
import { hierarchyOf, type HierarchyNode } from '#queries/decks/deck_tree'
import { studyStatistics } from '#queries/study/statistics'
import { statisticsValidator } from '#controllers/study_stats/stats_input'

/** The deck picker: every deck not archived, subdecks under their parent, with their depth for indenting. */
async function deckChoices(user: User) {
  const decks = await Deck.query().withScopes((s) => s.accessibleBy(user)).whereNot('state', 'archived').orderBy('position').orderBy('id')
  const names = new Map(decks.map((deck) => [deck.id, deck.name]))
  const choices: { id: number; name: string; depth: number }[] = []
  const walk = (nodes: HierarchyNode[], depth: number) => {
    for (const node of nodes) {
      choices.push({ id: node.id, name: names.get(node.id) ?? '', depth })
      walk(node.children, depth + 1)
    }
  }
  walk(hierarchyOf(decks), 0)
  return choices
}

export default class StatisticsPageController {
  /** GET /statistics?deck_id: all decks, or one deck with its subdecks (another learner's deck is a 404). */
  async show({ auth, request, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    /* a stale or hand-edited deck_id that is not a number shows every deck rather than failing */
    const [, input] = await statisticsValidator.tryValidate(request.qs())
    const statistics = await studyStatistics(user, input?.deck_id)
    return inertia.render('study/statistics', { statistics, decks: await deckChoices(user) })
  }
}
