import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { updateAccount } from '#actions/users/update_account'
import { rememberPreference } from '#actions/users/remember_preference'
import { connectedAccounts } from '#queries/users/connected_accounts'
import AuthProviderTransformer from '#transformers/auth_provider_transformer'
import { serialize } from '#transformers/serialize'
import { makeUser, PASSWORD, resetState } from '#tests/support/helpers'

test.group('update_account: PUT users/{id} all or nothing', (group) => {
  group.each.setup(() => resetState())

  test('a new password and profile together; the token in use survives, the others end', async ({
    assert,
  }) => {
    const user = await makeUser()
    const kept = await User.accessTokens.create(user)
    await User.accessTokens.create(user)
    await updateAccount(user, {
      user: { name: 'Ana', current_password: PASSWORD, password: 'another-long-password' },
      keepTokenId: kept.identifier,
    })
    const row = await db.from('users').where('id', user.id).first()
    assert.equal(row.name, 'Ana')
    assert.isTrue(await hash.verify(row.password, 'another-long-password'))
    const tokens = await db.from('auth_access_tokens').where('tokenable_id', user.id).select('id')
    assert.deepEqual(
      tokens.map((token) => String(token.id)),
      [String(kept.identifier)]
    )
  })

  test('a taken username leaves the password as it was', async ({ assert }) => {
    await makeUser({ username: 'taken_name' })
    const user = await makeUser()
    const error = await updateAccount(user, {
      user: {
        username: 'taken_name',
        current_password: PASSWORD,
        password: 'another-long-password',
      },
    }).catch((caught) => caught)
    assert.equal(error.code, 'E_USERNAME_TAKEN')
    const row = await db.from('users').where('id', user.id).first()
    assert.isTrue(await hash.verify(row.password, PASSWORD))
  })

  test('connectedAccounts lists the providers, oldest first, as AuthProviderTransformer answers them', async ({
    assert,
  }) => {
    const user = await makeUser()
    const now = new Date()
    await db.table('social_accounts').multiInsert([
      {
        user_id: user.id,
        provider: 'google',
        subject: 'g-1',
        email: 'ana@gmail.test',
        created_at: now,
        updated_at: now,
      },
      {
        user_id: user.id,
        provider: 'apple',
        subject: 'a-1',
        email: null,
        created_at: now,
        updated_at: now,
      },
    ])
    const accounts = await connectedAccounts(user)
    const listed = await serialize({ providers: AuthProviderTransformer.transform(accounts) })
    assert.deepEqual(listed, {
      providers: [
        { provider: 'google', email: 'ana@gmail.test' },
        { provider: 'apple', email: null },
      ],
    })
  })

  test('rememberPreference keeps the theme or the language on the account', async ({ assert }) => {
    const user = await makeUser()
    await rememberPreference(user, { field: 'theme', value: 'dark' })
    await rememberPreference(user, { field: 'locale', value: 'de' })
    assert.deepInclude(
      await db.from('users').where('id', user.id).select('theme', 'locale').first(),
      { theme: 'dark', locale: 'de' }
    )
  })
})
