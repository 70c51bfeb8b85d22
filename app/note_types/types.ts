/*
 * Shared shapes of the note-type engine. Everything here is plain data so it
 * can be stored as JSON (custom note types, attachments) and reused by the
 * editor preview in the browser.
 */

export type NoteTypeKind = 'basic' | 'reversed' | 'cloze' | 'image_occlusion' | 'type_in' | 'custom'

export type BuiltinNoteTypeKind = Exclude<NoteTypeKind, 'custom'>

export interface FieldDef {
  name: string
  required?: boolean
}

export interface CardTemplate {
  name: string
  front: string
  back: string
}

/**
 * What Anki keeps on a note type that Mnemo has no column for (migration
 * 0040): the model's other keys, and each field's and template's, in order.
 * Written back on export under what Mnemo holds.
 */
export interface AnkiModelExtras {
  model: Record<string, unknown>
  fields: Record<string, unknown>[]
  templates: Record<string, unknown>[]
}

export interface NoteTypeDefinition {
  kind: NoteTypeKind
  name: string
  fields: FieldDef[]
  templates: CardTemplate[]
  css: string
  isCloze: boolean
}

/* x, y, width, height are fractions (0..1) of the image; angle in degrees. */
export type OcclusionMask = {
  id: string
  group: number
  x: number
  y: number
  width: number
  height: number
  angle: number
}

export type OcclusionAttachment = {
  masks: OcclusionMask[]
  hideAll: boolean
}

/* Keyed by field name ('Image' for the built-in image occlusion type). */
export type FieldAttachmentsMap = Record<string, OcclusionAttachment>

/* Field name -> HTML. */
export type NoteFields = Record<string, string>

export type CardSide = 'front' | 'back'

export type CardLabel =
  | { type: 'standard'; template: string }
  | { type: 'reversed' }
  | { type: 'cloze'; index: number }
  | { type: 'occlusion'; group: number }

export interface RenderCardOptions {
  attachments?: FieldAttachmentsMap
  deckName?: string
  tags?: string[]
}

export interface RenderedCard {
  front: string
  back: string
  css: string
}

type FieldProblemKind = 'required' | 'unknown' | 'no_cloze' | 'no_masks'

export interface FieldProblem {
  field: string
  problem: FieldProblemKind
}
