type Inserter = { table(name: string): { multiInsert(rows: object[]): Promise<unknown> } }

/*
 * the built-in AI note templates every user sees; their name and prompt are ui.ai_templates.builtin.<key> in
 * each language
 */
const BUILTIN_AI_TEMPLATE_KEYS = ['translate', 'example_sentence', 'simplify', 'mnemonic'] as const

/** The built-ins' rows (no owner; the stored name and prompt are the keys, the words live in the translations). */
export async function insertBuiltinAiTemplates(client: Inserter) {
  const now = new Date()
  await client.table('ai_note_templates').multiInsert(
    BUILTIN_AI_TEMPLATE_KEYS.map((key) => ({
      builtin_key: key,
      name: key,
      prompt: key,
      user_id: null,
      created_at: now,
      updated_at: now,
    }))
  )
}
