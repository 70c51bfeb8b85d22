import type { ImportBundle } from '#importers/bundle'

/* Decks as schema 11 keeps them (`col.decks`): full names joined with "::". */

/** Full deck names ("A::B"), the bundle's levels made safe for Anki's separator. */
export function deckNames(bundle: ImportBundle): Map<string, string> {
  const byKey = new Map(bundle.decks.map((deck) => [deck.key, deck]))
  const names = new Map<string, string>()
  const taken = new Set<string>()
  const level = (name: string) => name.replace(/::+/g, ':').trim() || 'Deck'
  const fullName = (key: string, depth = 0): string => {
    const known = names.get(key)
    if (known) return known
    const deck = byKey.get(key)!
    const parent =
      deck.parentKey && byKey.has(deck.parentKey) && depth < 100
        ? fullName(deck.parentKey, depth + 1)
        : null
    const base = parent ? `${parent}::${level(deck.name)}` : level(deck.name)
    /* two siblings with one name would be one deck in Anki */
    let name = base
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`
    taken.add(name.toLowerCase())
    names.set(key, name)
    return name
  }
  for (const deck of bundle.decks) fullName(deck.key)
  return names
}

export function deckJson(id: number, name: string, mtime: number) {
  return {
    id,
    name,
    mod: mtime,
    usn: 0,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  }
}
