import { API_VERSION, isObject, type ActionHandler } from '#controllers/ankiconnect/protocol'
import { findCardIds } from '#queries/ankiconnect/find'
import { ankiError } from '#services/ankiconnect'

/** requestPermission: always granted (the key is the permission), and a key is always required. */
export const requestPermission: ActionHandler = () => ({
  permission: 'granted',
  requireApiKey: true,
  version: API_VERSION,
})

/** The actions of the door that are not about decks, notes, cards or media. */
export function miscActions(names: () => string[]): Record<string, ActionHandler> {
  return {
    version: () => API_VERSION,
    requestPermission,
    /* Mnemo keeps everything on the server: there is nothing to synchronise */
    sync: () => null,
    apiReflect: ({ params }) => {
      const { scopes, actions } = params
      if (!Array.isArray(scopes)) throw ankiError('scopes has invalid value')
      if (!(actions === undefined || actions === null || Array.isArray(actions)))
        throw ankiError('actions has invalid value')
      if (!scopes.includes('actions')) return { scopes: [] }
      const known = names()
      const listed = Array.isArray(actions) ? actions.filter((name) => known.includes(name)) : known
      return { scopes: ['actions'], actions: listed }
    },
    multi: async ({ params, run }) => {
      if (!Array.isArray(params.actions)) throw ankiError('actions must be a list')
      const results = []
      for (const request of params.actions)
        results.push(await run(isObject(request) ? request : {}))
      return results
    },
    /* the cards answered today in the learner's day (Anki counts answers; Mnemo the cards: rated:1) */
    getNumCardsReviewedToday: ({ user }) => findCardIds(user, 'rated:1').then((ids) => ids.length),
  }
}
