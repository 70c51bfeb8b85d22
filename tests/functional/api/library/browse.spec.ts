import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, resetState } from '#tests/support/helpers'
import { publishDeck, recordClone, seedCategories } from '#tests/support/library'
import { setPublicDeckCategory } from '#actions/library/set_public_deck_category'
import { LIBRARY_TAXONOMY } from '#database/library_categories'

const names = (decks: any[]) => decks.map((deck) => deck.name)

test.group('API library browse, profiles and guides', (group) => {
  group.each.setup(() => resetState())

  test("GET library/categories: the seeded taxonomy, named in the reader's language", async ({
    client,
    assert,
  }) => {
    await seedCategories()
    /* seeding twice adds nothing (fresh installs run it in migration 0018) */
    await seedCategories()
    const response = await client.get('/api/library/categories')
    response.assertStatus(200)
    const { categories } = response.body()
    assert.lengthOf(categories, LIBRARY_TAXONOMY.length)
    assert.isAtLeast(categories.length, 10)
    const medicine = categories.find((category: any) => category.key === 'medicine')
    assert.properties(medicine, [
      'key',
      'name',
      'iconUrl',
      'listIconUrl',
      'gradientColors',
      'subcategories',
    ])
    assert.equal(medicine.name, 'Medicine')
    assert.deepEqual(medicine.gradientColors, { from: '#DC2626', to: '#F97316' })
    assert.includeMembers(
      medicine.subcategories.map((sub: any) => sub.key),
      ['anatomy', 'pharmacology']
    )
    for (const category of categories)
      assert.isTrue(
        category.subcategories.length >= 3 && category.subcategories.length <= 8,
        category.key
      )
    const exams = categories.find((category: any) => category.key === 'exams')
    assert.includeMembers(
      exams.subcategories.map((sub: any) => sub.name),
      ['USMLE', 'MCAT', 'SAT']
    )
    for (const locale of ['de', 'es', 'fr', 'pt']) {
      const translated = (
        await client.get('/api/library/categories').header('accept-language', locale)
      ).body().categories
      for (const category of translated) {
        assert.notMatch(category.name, /^ui\./, `${locale} ${category.key}`)
        for (const sub of category.subcategories)
          assert.notMatch(sub.name, /^ui\./, `${locale} ${sub.key}`)
      }
    }
    assert.equal(
      (await client.get('/api/library/categories').header('accept-language', 'de')).body()
        .categories[1].name,
      'Medizin'
    )
    const icon = await client.get(new URL(medicine.iconUrl).pathname)
    icon.assertStatus(200)
    assert.include(icon.header('content-type'), 'image/svg+xml')
  })

  test(
    'GET v2/library: trending (clones in the last 14 days, then learners), popular, new; only ' +
      'published decks',
    async ({ client, assert }) => {
      await seedCategories()
      const author = await makeUser()
      const reader = await makeUser()
      const old = await publishDeck(author, {
        name: 'Old favourite',
        downloads: 50,
        approvedAt: new Date('2025-01-01'),
      })
      const hot = await publishDeck(author, { name: 'Hot this week', downloads: 5 })
      await publishDeck(author, { name: 'Studied a lot', studiers: 40, downloads: 1 })
      await publishDeck(author, { name: 'Pending deck', state: 'pending', downloads: 99 })
      await publishDeck(author, { name: 'Withdrawn deck', state: 'unpublished', downloads: 99 })
      await recordClone(reader, hot.id, 1)
      await recordClone(author, hot.id, 2)
      await recordClone(reader, old.id, 20)
      const response = await client.get('/api/v2/library')
      response.assertStatus(200)
      const body = response.body()
      assert.properties(body, ['categories', 'trending', 'popular', 'new', 'popularSearches'])
      assert.deepEqual(names(body.trending), ['Hot this week', 'Studied a lot'])
      assert.deepEqual(names(body.popular), ['Old favourite', 'Hot this week', 'Studied a lot'])
      assert.equal(body.new.at(-1).name, 'Old favourite')
      assert.notInclude(JSON.stringify(body), 'Pending deck')
      assert.notInclude(JSON.stringify(body), 'Withdrawn deck')
    }
  )

  test(
    'GET v2/library/categories/{category}/{subcategory}: its decks, paged, with the total; unknown keys ' +
      'are a 404',
    async ({ client, assert }) => {
      await seedCategories()
      const author = await makeUser()
      await publishDeck(author, { name: 'Heart', category: ['medicine', 'anatomy'], downloads: 3 })
      await publishDeck(author, { name: 'Bones', category: ['medicine', 'anatomy'], downloads: 9 })
      await publishDeck(author, {
        name: 'Hidden bones',
        category: ['medicine', 'anatomy'],
        state: 'pending',
      })
      await publishDeck(author, { name: 'Drugs', category: ['medicine', 'pharmacology'] })
      const response = await client.get('/api/v2/library/categories/medicine/anatomy')
      response.assertStatus(200)
      assert.deepEqual(names(response.body().decks), ['Bones', 'Heart'])
      assert.equal(response.body().total, 2)
      assert.equal(response.body().subcategory.name, 'Anatomy')
      assert.equal(response.body().category.name, 'Medicine')
      const paged = await client
        .get('/api/v2/library/categories/medicine/anatomy')
        .qs({ limit: 1, offset: 1 })
      assert.deepEqual(names(paged.body().decks), ['Heart'])
      assert.equal(paged.body().total, 2)
      for (const path of ['medicine/astrology', 'nothing/anatomy', 'anatomy/medicine']) {
        const missing = await client.get(`/api/v2/library/categories/${path}`)
        missing.assertStatus(404)
        assertErrorBody(assert, missing.body(), 'E_NOT_FOUND')
      }
      ;(
        await client.get('/api/v2/library/categories/medicine/anatomy').qs({ offset: -1 })
      ).assertStatus(422)
    }
  )

  test('setPublicDeckCategory files a deck by keys, and refuses unknown ones', async ({
    assert,
  }) => {
    await seedCategories()
    const deck = await publishDeck(await makeUser(), { name: 'Loose deck' })
    await setPublicDeckCategory({ publicDeckId: deck.id, category: 'exams', subcategory: 'mcat' })
    const row = await db.from('public_decks').where('id', deck.id).first()
    const mcat = await db.from('library_categories').where('id', row.category_id).first()
    assert.equal(mcat.key, 'mcat')
    await assert.rejects(() =>
      setPublicDeckCategory({ publicDeckId: deck.id, category: 'exams', subcategory: 'astrology' })
    )
    await setPublicDeckCategory({ publicDeckId: deck.id, category: null })
    assert.isNull((await db.from('public_decks').where('id', deck.id).first()).category_id)
  })

  test(
    'GET users/public_profile/{id}: the profile with published decks only; unknown users and ' +
      'guests are a 404',
    async ({ client, assert }) => {
      await seedCategories()
      const author = await makeUser({ name: 'Dana', username: 'dana' })
      author.about = 'Nurse and teacher'
      author.socialLinks = { website: 'https://dana.example', bad: 'javascript:alert(1)' }
      await author.save()
      const first = await publishDeck(author, { name: 'Nursing basics', studiers: 7 })
      await publishDeck(author, { name: 'Drafts', state: 'pending', studiers: 100 })
      await db
        .from('public_decks')
        .where('id', first.id)
        .update({ ratings_count: 2, ratings_sum: 9 })
      const response = await client.get(`/api/users/public_profile/${author.id}`)
      response.assertStatus(200)
      const body = response.body()
      assert.properties(body, [
        'id',
        'avatarColor',
        'avatarUrl',
        'name',
        'username',
        'ratingStats',
        'totalStudiers',
        'publishedDecks',
        'about',
        'socialLinks',
      ])
      assert.equal(body.name, 'Dana')
      assert.equal(body.about, 'Nurse and teacher')
      assert.deepEqual(body.socialLinks, { website: 'https://dana.example' })
      assert.deepEqual(body.ratingStats, { averageRating: 4.5, totalRatings: 2 })
      assert.equal(body.totalStudiers, 7)
      assert.deepEqual(names(body.publishedDecks), ['Nursing basics'])
      assert.equal((await client.get('/api/users/public_profile/dana')).body().id, author.id)
      const guest = await client.post('/api/authentication/register_without_email').json({})
      guest.assertStatus(201)
      for (const id of [999999, 'nobody', 'x'.repeat(100), guest.body().user.id]) {
        const missing = await client.get(`/api/users/public_profile/${id}`)
        missing.assertStatus(404)
        assertErrorBody(assert, missing.body(), 'E_NOT_FOUND')
      }
      /* the profile never carries private fields */
      assert.notProperty(body, 'email')
    }
  )

  test("GET guides/featured: a curated list, titled in the reader's language", async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/guides/featured')
    response.assertStatus(200)
    assert.isAtLeast(response.body().guides.length, 3)
    assert.properties(response.body().guides[0], ['id', 'title', 'url'])
    assert.equal(response.body().guides[0].title, 'Getting started with spaced repetition')
    const french = await client.get('/api/guides/featured').header('accept-language', 'fr')
    assert.equal(french.body().guides[0].title, 'Bien débuter avec la répétition espacée')
  })
})
