/*
 * The reply types of the API, by the name their schema has in the OpenAPI
 * document (components.schemas). `npm run openapi` turns each into JSON
 * Schema (bin/openapi/reply_schemas.ts, into resources/openapi/replies.json);
 * the operations (app/services/openapi/operations/) name their replies by
 * these keys. A type named here becomes a $ref wherever another reply holds
 * it. To repoint a reply, change its type here and run `npm run openapi`.
 *
 * Each is a transformer's output (InferData), or an object whose keys hold
 * transformers' outputs, as the controller's serialize({...}) sends it.
 */
import type { InferData } from '@adonisjs/core/types/transformers'
import type AiDocumentTransformer from '#transformers/ai_document_transformer'
import type AiStreamCancelledTransformer from '#transformers/ai_stream_cancelled_transformer'
import type AiStreamTransformer from '#transformers/ai_stream_transformer'
import type AcknowledgementTransformer from '#transformers/acknowledgement_transformer'
import type AppRatingTransformer from '#transformers/app_rating_transformer'
import type ClientEventTransformer from '#transformers/client_event_transformer'
import type DiscountTransformer from '#transformers/discount_transformer'
import type EventShownTransformer from '#transformers/event_shown_transformer'
import type IntentTransformer from '#transformers/intent_transformer'
import type ManagementLinkTransformer from '#transformers/management_link_transformer'
import type PatchedIntentTransformer from '#transformers/patched_intent_transformer'
import type PaywallTransformer from '#transformers/paywall_transformer'
import type PromoIntentTransformer from '#transformers/promo_intent_transformer'
import type RemoteFlagSetTransformer from '#transformers/remote_flag_set_transformer'
import type RemoteFlagsTransformer from '#transformers/remote_flags_transformer'
import type TokenTransformer from '#transformers/token_transformer'
import type AnkiconnectKeyTransformer from '#transformers/ankiconnect_key_transformer'
import type UpgradeIntentTransformer from '#transformers/upgrade_intent_transformer'
import type AdminSelfTransformer from '#transformers/admin_self_transformer'
import type AdminTokenTransformer from '#transformers/admin_token_transformer'
import type AuthProviderTransformer from '#transformers/auth_provider_transformer'
import type ExperimentTransformer from '#transformers/experiment_transformer'
import type MasqueradeTransformer from '#transformers/masquerade_transformer'
import type PremiumOverrideTransformer from '#transformers/premium_override_transformer'
import type SignInTransformer from '#transformers/sign_in_transformer'
import type AiNoteTemplateTransformer from '#transformers/ai_note_template_transformer'
import type CardPresetTransformer from '#transformers/card_preset_transformer'
import type CardPageTransformer from '#transformers/card_page_transformer'
import type CardEventCountedTransformer from '#transformers/card_event_counted_transformer'
import type CardStatsTransformer from '#transformers/card_stats_transformer'
import type AlgorithmSettingsTransformer from '#transformers/algorithm_settings_transformer'
import type DeckInterestTransformer from '#transformers/deck_interest_transformer'
import type LearningAnswerTransformer from '#transformers/learning_answer_transformer'
import type LearningBatchTransformer from '#transformers/learning_batch_transformer'
import type LearningCardEditedTransformer from '#transformers/learning_card_edited_transformer'
import type LearningCardRemovedTransformer from '#transformers/learning_card_removed_transformer'
import type LearningCardBuriedTransformer from '#transformers/learning_card_buried_transformer'
import type CardFlagTransformer from '#transformers/card_flag_transformer'
import type LearningTransformer from '#transformers/learning_transformer'
import type LearningUndoTransformer from '#transformers/learning_undo_transformer'
import type OfflineReviewsTransformer from '#transformers/offline_reviews_transformer'
import type OfflineDeckTransformer from '#transformers/offline_deck_transformer'
import type OnboardingTransformer from '#transformers/onboarding_transformer'
import type StatisticsTransformer from '#transformers/statistics_transformer'
import type StreakShownTransformer from '#transformers/streak_shown_transformer'
import type StreakTransformer from '#transformers/streak_transformer'
import type SubjectListTransformer from '#transformers/subject_list_transformer'
import type WrappedTransformer from '#transformers/wrapped_transformer'
import type DeckTransformer from '#transformers/deck_transformer'
import type DeckJobTransformer from '#transformers/deck_job_transformer'
import type DeckListTransformer from '#transformers/deck_list_transformer'
import type DeckReportTransformer from '#transformers/deck_report_transformer'
import type ReportFiledTransformer from '#transformers/report_filed_transformer'
import type DeckTreeTransformer from '#transformers/deck_tree_transformer'
import type LightDeckListTransformer from '#transformers/light_deck_list_transformer'
import type CollaboratorTransformer from '#transformers/collaborator_transformer'
import type SharedDeckTransformer from '#transformers/shared_deck_transformer'
import type SharingTransformer from '#transformers/sharing_transformer'
import type ExportTransformer from '#transformers/export_transformer'
import type FolderTransformer from '#transformers/folder_transformer'
import type LibraryDeckPageTransformer from '#transformers/library_deck_page_transformer'
import type LibraryDeckTransformer from '#transformers/library_deck_transformer'
import type LibraryNotesPageTransformer from '#transformers/library_notes_page_transformer'
import type LibraryCardsPageTransformer from '#transformers/library_cards_page_transformer'
import type LibraryRatingTransformer from '#transformers/library_rating_transformer'
import type LibraryReviewsPageTransformer from '#transformers/library_reviews_page_transformer'
import type LibrarySearchTransformer from '#transformers/library_search_transformer'
import type LibrarySubcategoryTransformer from '#transformers/library_subcategory_transformer'
import type LibraryTransformer from '#transformers/library_transformer'
import type ModerationQueueTransformer from '#transformers/moderation_queue_transformer'
import type MediaTransformer from '#transformers/media_transformer'
import type NoteTransformer from '#transformers/note_transformer'
import type NotePageTransformer from '#transformers/note_page_transformer'
import type NotesCreatedTransformer from '#transformers/notes_created_transformer'
import type NoteDuplicatesTransformer from '#transformers/note_duplicates_transformer'
import type NotePreviewTransformer from '#transformers/note_preview_transformer'
import type BulkNotesResultTransformer from '#transformers/bulk_notes_result_transformer'
import type TextDetectionTransformer from '#transformers/text_detection_transformer'
import type ImageSuggestionsTransformer from '#transformers/image_suggestions_transformer'
import type DownloadMarkedTransformer from '#transformers/download_marked_transformer'
import type AiTemplateAppliedTransformer from '#transformers/ai_template_applied_transformer'
import type AiTemplateImprovedTransformer from '#transformers/ai_template_improved_transformer'
import type PublicProfileTransformer from '#transformers/public_profile_transformer'
import type RevisionTransformer from '#transformers/revision_transformer'
import type UserTransformer from '#transformers/user_transformer'
import type LibraryCategoryTreeTransformer from '#transformers/library_category_tree_transformer'
import type PopularSearchTransformer from '#transformers/popular_search_transformer'
import type LibraryReviewTransformer from '#transformers/library_review_transformer'
import type FeaturedGuideTransformer from '#transformers/featured_guide_transformer'
import type ImportTransformer from '#transformers/import_transformer'
import type EmbedTransformer from '#transformers/embed_transformer'

/** The learning call's start (GET v2/learning/start). */
type LearningStart = InferData<LearningTransformer>
/** A reply whose key K holds another named reply R: so the document refers to R ($ref) rather than repeating it. */
type Holding<T, K extends keyof T, R> = Omit<T, K> & { [P in K]: R }

export interface ReplyTypes {
  /* accounts */
  SignedIn: Holding<InferData<SignInTransformer>, 'user', ReplyTypes['User']>
  LinkSent: InferData<AcknowledgementTransformer<{ sent: boolean }>>
  User: InferData<UserTransformer>
  AuthProviders: { providers: InferData<AuthProviderTransformer>[] }
  TokenValidity: InferData<AcknowledgementTransformer<{ valid: boolean }>>
  /* the same shape as TokenValidity under its own name: a type is named once, Readonly makes it another */
  ResetLinkValidity: Readonly<InferData<AcknowledgementTransformer<{ valid: boolean }>>>
  PasswordReset: InferData<AcknowledgementTransformer<{ success: boolean }>>

  /* decks, folders, notes, media */
  /* any deck of the tree: the checker's copy of the recursive type is a new type at the root, the same one below */
  Deck: InferData<DeckTransformer>['children'][number]
  DeckList: InferData<DeckListTransformer>
  HierarchyNode: InferData<DeckTreeTransformer>['hierarchy'][number]
  LightDeckList: InferData<LightDeckListTransformer>
  PollingDeckList: { decks: InferData<DeckJobTransformer>[] }
  DeckTree: InferData<DeckTreeTransformer>
  Reported: InferData<ReportFiledTransformer>
  Folder: InferData<FolderTransformer>
  FolderList: { folders: InferData<FolderTransformer>[] }
  Note: InferData<NoteTransformer>
  NotePage: InferData<NotePageTransformer>
  NotesCreated: InferData<NotesCreatedTransformer>
  NoteDuplicates: InferData<NoteDuplicatesTransformer>
  NotePreview: InferData<NotePreviewTransformer>
  CardPage: InferData<CardPageTransformer>
  BulkNotesResult: InferData<BulkNotesResultTransformer>
  Media: InferData<MediaTransformer>

  /* study */
  /* `batch.cards[0] ?? null`: the type checker reads an index as never undefined, the first card may be null */
  LearningStart: Omit<LearningStart, 'card'> & { card: LearningStart['card'] | null }
  LearningBatch: InferData<LearningBatchTransformer>
  LearningAnswer: InferData<LearningAnswerTransformer>
  LearningUndo: InferData<LearningUndoTransformer>
  LearningCardEdited: InferData<LearningCardEditedTransformer>
  CardRemoved: InferData<LearningCardRemovedTransformer>
  CardBuried: InferData<LearningCardBuriedTransformer>
  CardFlag: InferData<CardFlagTransformer>
  OfflineReviews: InferData<OfflineReviewsTransformer>
  OfflineDeck: InferData<OfflineDeckTransformer>
  CardStats: InferData<CardStatsTransformer>
  AlgorithmSettings: InferData<AlgorithmSettingsTransformer>
  Streaks: InferData<StreakTransformer>
  StreakShown: InferData<StreakShownTransformer>
  Statistics: InferData<StatisticsTransformer>
  Wrapped: InferData<WrappedTransformer>

  /* imports and exports */
  Import: InferData<ImportTransformer>
  ImportList: { imports: InferData<ImportTransformer>[] }
  /* the model's size is undefined, not null, until the job writes the file: JSON leaves it out */
  Export: Omit<InferData<ExportTransformer>, 'size'> & { size?: number | null }

  /* sharing, publishing, the library */
  SharedDeck: InferData<SharedDeckTransformer>
  Collaborators: InferData<SharingTransformer>
  CollaboratorJoined: {
    deckCollaborator: InferData<CollaboratorTransformer>
    deck: ReplyTypes['Deck']
  }
  CollaboratorChanged: { deckCollaborator: InferData<CollaboratorTransformer> }
  Embed: InferData<EmbedTransformer>
  Revision: InferData<RevisionTransformer>
  ModerationQueue: InferData<ModerationQueueTransformer>
  ReportClosed: InferData<DeckReportTransformer>
  LibraryCategories: { categories: InferData<LibraryCategoryTreeTransformer>[] }
  LibraryHome: InferData<LibraryTransformer>
  LibrarySubcategory: InferData<LibrarySubcategoryTransformer>
  LibrarySearch: InferData<LibrarySearchTransformer>
  PopularSearches: { searches: InferData<PopularSearchTransformer>[] }
  LibraryDeckPage: InferData<LibraryDeckPageTransformer>
  LibraryDeck: InferData<LibraryDeckTransformer>
  LibraryNotes: InferData<LibraryNotesPageTransformer>
  LibraryCards: InferData<LibraryCardsPageTransformer>
  SimilarDecks: { decks: InferData<LibraryDeckTransformer>[] }
  RatingStats: InferData<LibraryRatingTransformer>
  Reviews: InferData<LibraryReviewsPageTransformer>
  RatingSaved: {
    review: InferData<LibraryReviewTransformer>
    rating: InferData<LibraryRatingTransformer>
  }
  PublicProfile: InferData<PublicProfileTransformer>
  Guides: { guides: InferData<FeaturedGuideTransformer>[] }

  /* the apps' settings, payments, helpers */
  RemoteFlags: InferData<RemoteFlagsTransformer>
  RemoteFlagSet: InferData<RemoteFlagSetTransformer>
  Paywall: InferData<PaywallTransformer>
  Intent: InferData<IntentTransformer>
  PatchedIntent: InferData<PatchedIntentTransformer>
  PromoIntent: InferData<PromoIntentTransformer>
  UpgradeIntent: InferData<UpgradeIntentTransformer>
  ManagementLink: InferData<ManagementLinkTransformer>
  Discounts: InferData<DiscountTransformer>[]
  CelloToken: InferData<TokenTransformer>
  AnkiconnectKey: InferData<AnkiconnectKeyTransformer>
  TextDetection: InferData<TextDetectionTransformer>
  ImageSuggestions: InferData<ImageSuggestionsTransformer>
  DownloadMarked: InferData<DownloadMarkedTransformer>
  CardEventCounted: InferData<CardEventCountedTransformer>
  Personalisation: InferData<OnboardingTransformer>
  DeckInterested: InferData<DeckInterestTransformer>
  SubjectList: InferData<SubjectListTransformer>
  /* a preset just created has no key yet (undefined until read back: JSON leaves it out); read back, null */
  CardPreset: Omit<InferData<CardPresetTransformer>, 'key'> & { key?: string | null }
  CardPresetList: ReplyTypes['CardPreset'][]
  AiDocument: InferData<AiDocumentTransformer>
  AiStream: InferData<AiStreamTransformer>
  AiStreamCancelled: InferData<AiStreamCancelledTransformer>
  AiTemplate: InferData<AiNoteTemplateTransformer>
  AiTemplateList: InferData<AiNoteTemplateTransformer>[]
  AiTemplateApplied: InferData<AiTemplateAppliedTransformer>
  AiTemplateImproved: InferData<AiTemplateImprovedTransformer>
  ClientEvent: InferData<ClientEventTransformer>
  EventShown: InferData<EventShownTransformer>
  AppRating: InferData<AppRatingTransformer>

  /* admin and operations */
  AdminToken: InferData<AdminTokenTransformer>
  Masquerade: InferData<MasqueradeTransformer>
  Experiments: { experiments: InferData<ExperimentTransformer>[] }
  AdminSelf: Holding<InferData<AdminSelfTransformer>, 'user', ReplyTypes['User']>
  PremiumOverride: InferData<PremiumOverrideTransformer>
  Health: InferData<AcknowledgementTransformer<{ status: string }>>
  /* the same shape as Health under its own name (see ResetLinkValidity) */
  Ready: Readonly<InferData<AcknowledgementTransformer<{ status: string }>>>
  /* the Stripe webhook's acknowledgement */
  WebhookReceived: InferData<AcknowledgementTransformer<{ received: true }>>
}
