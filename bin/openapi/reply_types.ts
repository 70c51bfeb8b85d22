/*
 * The reply types of the API, by the name their schema has in the OpenAPI
 * document (components.schemas). `npm run openapi` turns each into JSON
 * Schema (bin/openapi/reply_schemas.ts, into resources/openapi/replies.json);
 * the operations (app/services/openapi/operations/) name their replies by
 * these keys. A type named here becomes a $ref wherever another reply holds
 * it. To repoint a reply, change its type here and run `npm run openapi`.
 *
 * Most are a transformer's output. `Answer<Controller, 'method'>` marks a
 * reply a controller still builds itself (an object around a transformer's
 * output, or a query's): repoint it once a transformer makes it.
 */
import type { InferData } from '@adonisjs/core/types/transformers'
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
import type CardStatsTransformer from '#transformers/card_stats_transformer'
import type CardTransformer from '#transformers/card_transformer'
import type DeckTransformer from '#transformers/deck_transformer'
import type ExportTransformer from '#transformers/export_transformer'
import type FolderTransformer from '#transformers/folder_transformer'
import type LearningTransformer from '#transformers/learning_transformer'
import type LibraryTransformer from '#transformers/library_transformer'
import type MediaTransformer from '#transformers/media_transformer'
import type NoteTransformer from '#transformers/note_transformer'
import type OnboardingTransformer from '#transformers/onboarding_transformer'
import type PublicProfileTransformer from '#transformers/public_profile_transformer'
import type RevisionTransformer from '#transformers/revision_transformer'
import type StreakTransformer from '#transformers/streak_transformer'
import type UserTransformer from '#transformers/user_transformer'
import type { ApiDeck } from '#transformers/deck_transformer'
import type { ApiImport } from '#transformers/import_transformer'
import type { ApiNote } from '#transformers/note_transformer'
import type { AlgorithmSettings } from '#transformers/algorithm_settings_transformer'
import type { LearningAnswer, LearningBatch, LearningStart, LearningUndo } from '#transformers/learning_transformer'
import type { Collaborators, SharedDeck } from '#transformers/sharing_transformer'
import type { HierarchyNode } from '#services/deck_hierarchy'
import type { bulkNotes } from '#actions/notes/bulk_notes'
import type { previewNote } from '#actions/notes/preview_note'
import type { logOfflineReviews } from '#actions/learning/log_offline_reviews'
import type { uploadDocument } from '#actions/ai/upload_document'
import type { streamAnswer } from '#controllers/ai/stream_answer'
import type { detectText } from '#actions/media/detect_text'
import type { countCardEvent } from '#actions/media/count_card_event'
import type { searchImages } from '#services/media_helpers/image_search'
import type EmbedTransformer from '#transformers/embed_transformer'
import type { subjectList } from '#queries/onboarding/personalisation'
import type { studyStatistics } from '#queries/study/statistics'
import type { wrappedYear } from '#queries/study/wrapped'
import type AiNoteTemplatesController from '#controllers/api/ai_note_templates_controller'
import type AiStreamsController from '#controllers/api/ai_streams_controller'
import type DeckCollaboratorsController from '#controllers/api/deck_collaborators_controller'
import type DeckImportsController from '#controllers/api/deck_imports_controller'
import type FoldersController from '#controllers/api/folders_controller'
import type LibraryController from '#controllers/api/library_controller'
import type LibraryDecksController from '#controllers/api/library_decks_controller'
import type MediaHelpersController from '#controllers/media_helpers/media_helpers_controller'
import type ModerationController from '#controllers/api/moderation_controller'
import type OnboardingController from '#controllers/api/onboarding_controller'
import type PublicProfilesController from '#controllers/api/public_profiles_controller'
import type SharedDecksController from '#controllers/api/shared_decks_controller'

/** What a function resolves to. */
type Of<F extends (...args: any) => any> = Awaited<ReturnType<F>>
/** A reply whose key K holds another named reply R: so the document refers to R ($ref) rather than repeating it. */
type Holding<T, K extends keyof T, R> = Omit<T, K> & { [P in K]: R }
/** What a controller's method answers (a reply no transformer makes yet). */
type Answer<C extends abstract new (...args: any) => any, M extends keyof InstanceType<C>> = Awaited<ReturnType<InstanceType<C>[M]>>

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
  Deck: ApiDeck
  DeckList: ReturnType<typeof DeckTransformer.list>
  HierarchyNode: HierarchyNode
  LightDeckList: ReturnType<typeof DeckTransformer.lightList>
  PollingDeckList: ReturnType<typeof DeckTransformer.pollingList>
  DeckTree: ReturnType<typeof DeckTransformer.tree>
  Reported: ReturnType<typeof DeckTransformer.reported>
  Folder: InferData<FolderTransformer>
  FolderList: Answer<typeof FoldersController, 'index'>
  Note: ApiNote
  NotePage: ReturnType<typeof NoteTransformer.page>
  NotesCreated: ReturnType<typeof NoteTransformer.created>
  NoteDuplicates: ReturnType<typeof NoteTransformer.duplicates>
  NotePreview: Of<typeof previewNote>
  CardPage: ReturnType<typeof CardTransformer.page>
  BulkNotesResult: Of<typeof bulkNotes>
  Media: ReturnType<typeof MediaTransformer.forApi>

  /* study */
  /* `batch.cards[0] ?? null`: the type checker reads an index as never undefined, the first card may be null */
  LearningStart: Omit<LearningStart, 'card'> & { card: LearningStart['card'] | null }
  LearningBatch: LearningBatch
  LearningAnswer: LearningAnswer
  LearningUndo: LearningUndo
  LearningCardEdited: ReturnType<typeof LearningTransformer.card>
  CardRemoved: ReturnType<typeof LearningTransformer.removed>
  OfflineReviews: Of<typeof logOfflineReviews>
  CardStats: ReturnType<typeof CardStatsTransformer.forSheet>
  AlgorithmSettings: AlgorithmSettings
  Streaks: ReturnType<typeof StreakTransformer.range>
  StreakShown: ReturnType<typeof StreakTransformer.shown>
  Statistics: Of<typeof studyStatistics>
  Wrapped: Of<typeof wrappedYear>

  /* imports and exports */
  Import: ApiImport
  ImportList: Answer<typeof DeckImportsController, 'index'>
  /* the model's size is undefined, not null, until the job writes the file: JSON leaves it out */
  Export: Omit<ReturnType<typeof ExportTransformer.forApi>, 'size'> & { size?: number | null }

  /* sharing, publishing, the library */
  SharedDeck: SharedDeck
  SharedCardPage: Answer<typeof SharedDecksController, 'cards'>
  Collaborators: Collaborators
  CollaboratorJoined: Answer<typeof DeckCollaboratorsController, 'store'>
  CollaboratorChanged: Answer<typeof DeckCollaboratorsController, 'update'>
  Embed: ReturnType<typeof EmbedTransformer.snippet>
  Revision: ReturnType<typeof RevisionTransformer.forApi>
  ModerationQueue: ReturnType<typeof RevisionTransformer.queue>
  ReportClosed: Answer<typeof ModerationController, 'closeReport'>
  LibraryCategories: Answer<typeof LibraryController, 'categories'>
  LibraryHome: Answer<typeof LibraryController, 'home'>
  LibrarySubcategory: Answer<typeof LibraryController, 'subcategory'>
  LibrarySearch: Answer<typeof LibraryController, 'search'>
  PopularSearches: Answer<typeof LibraryController, 'popular'>
  LibraryDeckPage: Answer<typeof LibraryController, 'alphabetical'>
  LibraryDeck: ReturnType<typeof LibraryTransformer.deck>
  LibraryNotes: Answer<typeof LibraryDecksController, 'notes'>
  SimilarDecks: Answer<typeof LibraryDecksController, 'similar'>
  RatingStats: ReturnType<typeof LibraryTransformer.ratingStats>
  Reviews: Answer<typeof LibraryDecksController, 'reviews'>
  RatingSaved: Answer<typeof LibraryDecksController, 'rate'>
  PublicProfile: ReturnType<typeof PublicProfileTransformer.profile>
  Guides: Answer<typeof PublicProfilesController, 'guides'>

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
  TextDetection: Of<typeof detectText>
  ImageSuggestions: Of<typeof searchImages>
  DownloadMarked: Answer<typeof MediaHelpersController, 'markDownload'>
  CardEventCounted: Of<typeof countCardEvent>
  Personalisation: ReturnType<typeof OnboardingTransformer.personalisation>
  DeckInterested: Answer<typeof OnboardingController, 'interested'>
  SubjectList: Of<typeof subjectList>
  /* a preset just created has no key yet (undefined until read back: JSON leaves it out); read back, null */
  CardPreset: Omit<ReturnType<typeof CardPresetTransformer.forApi>, 'key'> & { key?: string | null }
  CardPresetList: ReplyTypes['CardPreset'][]
  AiDocument: Of<typeof uploadDocument>
  AiStream: Of<typeof streamAnswer>
  AiStreamCancelled: Answer<typeof AiStreamsController, 'destroy'>
  AiTemplate: ReturnType<typeof AiNoteTemplateTransformer.forApi>
  AiTemplateList: ReturnType<typeof AiNoteTemplateTransformer.list>
  AiTemplateApplied: Answer<typeof AiNoteTemplatesController, 'apply'>
  AiTemplateImproved: Answer<typeof AiNoteTemplatesController, 'improve'>
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
