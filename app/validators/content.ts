import vine from '@vinejs/vine'
import { DECK_SOURCES } from '#models/deck'
import { FOLDER_COLORS } from '#models/folder'

const name = () => vine.string().trim().minLength(1).maxLength(255)
/* PostgreSQL's integer: every integer input has a range, so none reaches the database as an out-of-range error */
export const INT_MAX = 2147483647
export const id = () => vine.number().withoutDecimals().positive().max(INT_MAX)
/** A list offset: past the end is an empty page, past an integer is refused. */
export const offset = () => vine.number().withoutDecimals().range([0, INT_MAX])
/* each id of a `1,2,3` list is an id (2147483648 is not) */
const idListRule = vine.createRule((value, _options, field) => {
  if (
    typeof value === 'string' &&
    value.split(',').some((part) => Number(part) < 1 || Number(part) > INT_MAX)
  ) {
    field.report('This is not in the expected format', 'regex', field)
  }
})
/* `1,2,3` in a query string, or a JSON array */
export const ids = () =>
  vine.union([
    vine.union.if(
      (value) => typeof value === 'string',
      vine
        .string()
        .regex(/^\d+(,\d+)*$/)
        .use(idListRule())
        .transform((text) => text.split(',').map(Number))
    ),
    vine.union.else(vine.array(id()).maxLength(5000)),
  ])
const deviceFont = () =>
  vine
    .object({
      fontFamily: vine.string().maxLength(40).optional(),
      size: vine.number().range([8, 72]),
      alignment: vine.enum(['left', 'center', 'right'] as const),
    })
    .optional()

export const createDeckValidator = vine.create({
  deck: vine.object({
    name: name(),
    parent_id: id().nullable().optional(),
    folder_id: id().nullable().optional(),
    source: vine.enum(DECK_SOURCES).optional(),
  }),
})

export const updateDeckValidator = vine.create({
  deck: vine.object({
    /* a blank name arrives as null (the body parser's rule) and is refused, not ignored */
    name: name().nullable().optional(),
    shuffle_cards_enabled: vine.boolean().optional(),
    offline_mode_enabled: vine.boolean().optional(),
    font_settings: vine
      .object({ desktop: deviceFont(), tablet: deviceFont(), phone: deviceFont() })
      .optional(),
    /* a built-in preset or the learner's own (GET card_presets); null goes back to the default look */
    card_preset_id: id().nullable().optional(),
    new_cards_per_day: vine.number().withoutDecimals().range([0, 9999]).nullable().optional(),
    max_cards_per_day: vine.number().withoutDecimals().range([0, 99999]).nullable().optional(),
    notes_sort_by: vine.enum(['next_review_at', 'created_at', 'alphabetical'] as const).optional(),
    notes_order: vine.enum(['ASC', 'DESC'] as const).optional(),
    tts_enabled: vine.boolean().optional(),
    tts_whole_card_pronunciation: vine.boolean().optional(),
    tts_autoplay_enabled: vine.boolean().optional(),
    tts_front_side_language: vine.string().maxLength(16).nullable().optional(),
    tts_back_side_language: vine.string().maxLength(16).nullable().optional(),
    sharing_enabled: vine.boolean().optional(),
    /* exam mode (root decks): the exam day, and the ceiling of new cards a day while preparing */
    exam_date: vine
      .date({ formats: ['YYYY-MM-DD'] })
      .nullable()
      .optional(),
    exam_new_cards_ceiling: vine.number().withoutDecimals().range([1, 9999]).nullable().optional(),
  }),
})

export const listDecksValidator = vine.create({
  deck_ids: ids().optional(),
  folder_id: id().optional(),
})

export const duplicateDeckValidator = vine.create({
  keep_progress: vine.boolean().optional(),
  destination_id: id().optional(),
  folder_id: id().optional(),
})

export const moveDeckValidator = vine.create({
  deck_id: id(),
  folder_id: id().nullable().optional(),
  parent_deck_id: id().nullable().optional(),
})

export const reorderDecksValidator = vine.create({ deck_ids: ids() })
export const reorderFoldersValidator = vine.create({ folder_ids: ids() })

export const reportDeckValidator = vine.create({
  report_text: vine.string().trim().minLength(1).maxLength(2000),
})

const folderName = () => vine.string().trim().minLength(1).maxLength(100)
export const createFolderValidator = vine.create({
  name: folderName(),
  color: vine.enum(FOLDER_COLORS).optional(),
  emoji_utf_16: vine.string().trim().maxLength(16).nullable().optional(),
  assign_deck_ids: ids().optional(),
})

export const folderValidator = vine.create({
  name: folderName().nullable().optional(),
  color: vine.enum(FOLDER_COLORS).optional(),
  /* the spec sends null for "no emoji" */
  emoji_utf_16: vine.string().trim().maxLength(16).nullable().optional(),
  assign_deck_ids: ids().optional(),
})

const mask = vine.object({
  id: vine.any().optional(),
  group: vine.number().withoutDecimals().range([1, 500]),
  x: vine.number().range([0, 1]),
  y: vine.number().range([0, 1]),
  width: vine.number().range([0, 1]),
  height: vine.number().range([0, 1]),
  angle: vine.number().range([-360, 360]).optional(),
})

export const noteBody = {
  template_id: id(),
  /*
   * keyed by field id (GET decks: the template's fields) or title; the body parser turns empty strings into
   * null: an empty field
   */
  fields: vine.record(vine.string().maxLength(100_000).nullable().optional()),
  /* keyed like fields; null (as a client sends "no masks") is the same as absent */
  field_attachments_map: vine
    .record(
      vine.object({ masks: vine.array(mask).maxLength(200), hideAll: vine.boolean().optional() })
    )
    .nullable()
    .optional(),
  reverse: vine.boolean().optional(),
}

export const createNoteValidator = vine.create({
  note: vine.object({ ...noteBody, deck_id: id() }),
})
export const updateNoteValidator = vine.create({
  note: vine.object({ ...noteBody, template_id: id().optional(), deck_id: id().optional() }),
})
export const previewNoteValidator = vine.create({
  note: vine.object({ ...noteBody, deck_id: id() }),
})

/*
 * the web editor posts the note's fields flat, as its form holds them; an edit leaves out what it keeps, as
 * PUT notes/{id} does
 */
export const editorNoteValidator = vine.create(noteBody)
export const editorUpdateValidator = vine.create({ ...noteBody, template_id: id().optional() })
export const editorPreviewValidator = vine.create({ ...noteBody, deck_id: id() })

/*
 * the card search language (app/queries/cards/search_parser.ts); with it, deck_id may be left out to search
 * every deck
 */
const search = () => vine.string().maxLength(1000).optional()

export const listNotesValidator = vine.create({
  deck_id: id().optional().requiredIfMissing('search'),
  search: search(),
  offset: offset().optional(),
  limit: vine.number().withoutDecimals().range([1, 100]).optional(),
  query: vine.string().trim().maxLength(200).optional(),
  learning_state: vine
    .enum(['new', 'learning', 'graduated', 'study_again', 'got_it'] as const)
    .optional(),
  frozen: vine.boolean().optional(),
  /* true: notes with a card removed from study (suspended); false: notes wholly in study */
  suspended: vine.boolean().optional(),
  sort_by: vine.enum(['next_review_at', 'created_at', 'alphabetical'] as const).optional(),
  order: vine.enum(['ASC', 'DESC', 'asc', 'desc'] as const).optional(),
})

/* bulk calls name notes one by one, or all the deck's notes with select_all */
export const bulkNotesValidator = vine.create({
  deck_id: id(),
  ids: ids().optional(),
  note_ids: ids().optional(),
  select_all: vine.boolean().optional(),
  destination_deck_id: id().optional(),
  bulk_action: vine
    .enum([
      'reverse',
      'unreverse',
      'freeze',
      'unfreeze',
      'suspend',
      'unsuspend',
      'reset_progress',
      'destroy',
      'duplicate',
      'move',
    ] as const)
    .optional(),
})

export const notesCardsValidator = vine.create({
  deck_id: id().optional().requiredIfMissing('search'),
  search: search(),
  ids: ids().optional(),
  offset: offset().optional(),
})

export const findDuplicatesValidator = vine.create({
  deck_id: id(),
  query: vine.string().trim().maxLength(200).optional(),
})

export const bulkCreateValidator = vine.create({
  deck_id: id(),
  template_id: id().optional(),
  import_data: vine
    .array(
      vine.object({
        front: vine.string().maxLength(100_000),
        back: vine.string().maxLength(100_000),
      })
    )
    .minLength(1)
    .maxLength(3000),
})

export const attachmentValidator = vine.create({
  deck_id: id(),
  /* the action holds images to 10 MB and sound and video to 25 MB, each with its own "too big" */
  file: vine.file(),
})

/*
 * The spec's "upload to a provided upload URL": JSON with the file as base64 (a `data:` URL or bare), its
 * size counted decoded by the action; `file_name` only names it, the bytes decide its type
 */
export const base64AttachmentValidator = vine.create({
  deck_id: id(),
  base64_file: vine.string(),
  file_name: vine.string().maxLength(255).optional(),
})
