/*
 * Each deck's number of cards (decks.cards_count), kept by the cards table
 * itself (created by migration 0047_deck_cards_count.ts): every statement that
 * adds, removes or moves cards (an import's thousands in one statement, a
 * note's delete cascading to its cards, notes moved to another deck) adjusts
 * the decks it touched once, from its transition table. The queue's totals
 * after every answer (app/queries/learning/queue_totals.ts) and the deck
 * counters read the number instead of counting the deck's cards: a cost that
 * no longer grows with the deck (issue 33). Never edit this file once
 * shipped: a change is a new version and a new migration.
 */
create or replace function mnemo_cards_counted_in() returns trigger language plpgsql as $$
begin
  update decks d set cards_count = d.cards_count + n.cards
    from (select deck_id, count(*)::int as cards from added group by deck_id) n
   where d.id = n.deck_id;
  return null;
end
$$;

create or replace function mnemo_cards_counted_out() returns trigger language plpgsql as $$
begin
  update decks d set cards_count = d.cards_count - n.cards
    from (select deck_id, count(*)::int as cards from removed group by deck_id) n
   where d.id = n.deck_id;
  return null;
end
$$;

create or replace function mnemo_cards_counted_moved() returns trigger language plpgsql as $$
begin
  update decks d set cards_count = d.cards_count + m.cards
    from (
      select deck_id, sum(cards)::int as cards from (
        select n.deck_id, 1 as cards from added n join removed o on o.id = n.id where o.deck_id <> n.deck_id
        union all
        select o.deck_id, -1 from added n join removed o on o.id = n.id where o.deck_id <> n.deck_id
      ) moves group by deck_id
    ) m
   where d.id = m.deck_id and m.cards <> 0;
  return null;
end
$$;

create trigger cards_counted_in after insert on cards
  referencing new table as added for each statement execute function mnemo_cards_counted_in();
create trigger cards_counted_out after delete on cards
  referencing old table as removed for each statement execute function mnemo_cards_counted_out();
create trigger cards_counted_moved after update on cards
  referencing old table as removed new table as added for each statement execute function mnemo_cards_counted_moved();

update decks d set cards_count = c.cards
  from (select deck_id, count(*)::int as cards from cards group by deck_id) c
 where d.id = c.deck_id;
