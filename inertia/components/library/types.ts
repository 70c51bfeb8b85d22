/* The library's shapes, typed from the API replies the same transformers build (lib/routes: ReplyOf). */
import type { ReplyOf } from '~/lib/routes'

export type LibraryCategory = ReplyOf<'api.library.categories'>['categories'][number]
export type LibraryDeck = ReplyOf<'api.library_decks.show'>
export type LibraryNote = ReplyOf<'api.library_decks.notes'>['notes'][number]
export type LibraryReview = ReplyOf<'api.library_decks.reviews'>['reviews'][number]
export type PublicProfile = ReplyOf<'api.users.public_profile'>
export type PopularSearch = ReplyOf<'api.library.search.popular'>['searches'][number]
