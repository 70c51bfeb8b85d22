import type Deck from '#models/deck'
import DeckRevision from '#models/deck_revision'
import LibraryClone from '#models/library_clone'
import PublicDeck from '#models/public_deck'
import { libraryUrl } from '#actions/publishing/slug'

const changesOf = (revision: DeckRevision) => ({
  createdCount: revision.createdCount, updatedCount: revision.updatedCount, deletedCount: revision.deletedCount,
})

/** The author's side: the deck's library entry and its latest revision (what the publishing panel shows). */
async function publicDeckOf(deck: Deck) {
  const publicDeck = await PublicDeck.query().where('deck_id', deck.id).first()
  if (!publicDeck) return null
  const latest = await DeckRevision.query().where('public_deck_id', publicDeck.id).orderBy('version', 'desc').orderBy('id', 'desc').first()
  return {
    id: publicDeck.id,
    url: libraryUrl(publicDeck.slug),
    name: publicDeck.name,
    description: publicDeck.description,
    status: publicDeck.status,
    deckRevisionId: latest?.id ?? publicDeck.currentRevisionId ?? 0,
    revisionStatus: latest?.status ?? null,
    reason: latest?.status === 'rejected' ? latest.reason : null,
    unpublishedAt: publicDeck.unpublishedAt?.toISO() ?? null,
  }
}

/** The learner's side: a newer approved revision of the library deck their clone came from. */
async function libraryUpdateOf(deck: Deck) {
  const clone = await LibraryClone.query().where('deck_id', deck.id).first()
  if (!clone) return null
  const publicDeck = await PublicDeck.query().withScopes((s) => s.published()).where('id', clone.publicDeckId).first()
  if (!publicDeck || publicDeck.currentRevisionId === clone.revisionId) return null
  const revision = await DeckRevision.find(publicDeck.currentRevisionId!)
  if (!revision) return null
  return { revisionId: revision.id, version: revision.version, changes: changesOf(revision) }
}

export type DeckPublishing = { publicDeck: Awaited<ReturnType<typeof publicDeckOf>>; libraryUpdate: Awaited<ReturnType<typeof libraryUpdateOf>> }

/** Both, for a root deck (a subdeck is never published or cloned alone); set on the deck for DeckTransformer.fields. */
export async function loadPublishing(deck: Deck) {
  if (!deck.isRootDeck) return
  const publishing: DeckPublishing = { publicDeck: await publicDeckOf(deck), libraryUpdate: await libraryUpdateOf(deck) }
  deck.$extras.publishing = publishing
}

export { changesOf }
