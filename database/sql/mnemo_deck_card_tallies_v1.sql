/*
 * Each deck's number of cards, kept as it changes (created by migration
 * 0047_deck_card_tallies.ts). Never edit this file once shipped: a change
 * is a new version and a new migration.
 *
 * A deck's number is the sum of its rows of deck_card_tallies. Every
 * statement that adds, removes or moves cards appends one row per deck it
 * changed (+n, -n), from the statement's transition tables; no row is ever
 * updated in place. A count kept in one row per deck (decks.cards_count,
 * tried on 2026-11-29) made every import hold its deck's row locked until it
 * committed, and cancelling the import waited for it: rows that are only
 * appended lock nothing another transaction waits for, and each
 * transaction sees the sum its own snapshot sees, as count(*) over cards did.
 *
 * mnemo_compact_deck_card_tallies folds each deck's rows into one (the
 * worker's compact_deck_card_tallies job, hourly): it deletes committed
 * rows and appends their sum, so beside an import, whose rows it does not
 * see yet, it neither counts a row twice nor loses one; a second compaction
 * meanwhile (an advisory lock) folds nothing.
 */

create or replace function mnemo_tally_cards_added() returns trigger language plpgsql as $$
begin
  insert into deck_card_tallies (deck_id, cards)
  select n.deck_id, count(*) from added n group by n.deck_id;
  return null;
end
$$;

/* a deck being deleted takes its rows with it (on delete cascade): its cards' removal appends nothing */
create or replace function mnemo_tally_cards_removed() returns trigger language plpgsql as $$
begin
  insert into deck_card_tallies (deck_id, cards)
  select o.deck_id, -count(*) from removed o
   where exists (select 1 from decks d where d.id = o.deck_id)
   group by o.deck_id;
  return null;
end
$$;

create or replace function mnemo_tally_cards_moved() returns trigger language plpgsql as $$
begin
  insert into deck_card_tallies (deck_id, cards)
  select moved.deck_id, sum(moved.cards) from (
    select o.deck_id, -1 as cards from removed o join added n on n.id = o.id where n.deck_id <> o.deck_id
    union all
    select n.deck_id, 1 from removed o join added n on n.id = o.id where n.deck_id <> o.deck_id
  ) moved
  where exists (select 1 from decks d where d.id = moved.deck_id)
  group by moved.deck_id;
  return null;
end
$$;

create or replace function mnemo_compact_deck_card_tallies() returns integer language plpgsql as $$
declare
  v_folded integer;
begin
  /* one compaction at a time: a second one, meanwhile, folds nothing */
  if not pg_try_advisory_xact_lock(hashtext('mnemo_compact_deck_card_tallies')) then
    return 0;
  end if;
  with folded as (
    delete from deck_card_tallies t
     where t.deck_id in (select s.deck_id from deck_card_tallies s group by s.deck_id having count(*) > 1)
    returning t.deck_id, t.cards
  ), summed as (
    insert into deck_card_tallies (deck_id, cards)
    select f.deck_id, sum(f.cards) from folded f group by f.deck_id having sum(f.cards) <> 0
    returning 1
  )
  select count(*)::int into v_folded from folded;
  return v_folded;
end
$$;
