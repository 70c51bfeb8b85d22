import vine from '@vinejs/vine'
import { id, INT_MAX } from '#validators/content'

/* GET /cards: the card browser's search (the card search language), sort column, order and page */
export const browseCardsValidator = vine.create({
  q: vine.string().maxLength(1000).optional(),
  sort: vine
    .enum([
      'sort_field',
      'card',
      'due',
      'interval',
      'ease',
      'lapses',
      'reviews',
      'added',
      'modified',
      'deck',
    ] as const)
    .optional(),
  order: vine.enum(['asc', 'desc'] as const).optional(),
  page: vine.number().withoutDecimals().range([1, INT_MAX]).optional(),
})

/* POST /cards/bulk: an action on the notes of the checked cards */
export const browserBulkValidator = vine.create({
  bulk_action: vine.enum([
    'freeze',
    'unfreeze',
    'suspend',
    'unsuspend',
    'reset_progress',
    'tag',
    'move',
    'flag',
  ] as const),
  note_ids: vine.array(id()).maxLength(1000),
  /* flag: the checked cards themselves (a flag is a card's, as in Anki), and the flag, 0 to clear */
  card_ids: vine.array(id()).maxLength(1000).optional(),
  flag: vine.number().withoutDecimals().range([0, 7]).optional(),
  destination_deck_id: id().optional(),
  /* a tag as Anki has them: no spaces (Parent::Child nests) */
  tag: vine
    .string()
    .trim()
    .maxLength(100)
    .regex(/^[^\s"]+$/)
    .optional(),
})
