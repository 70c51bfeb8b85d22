/*
 * mnemo_record_answer, version 1: what migration 0013_answer_speed.ts creates on a
 * database migrating from scratch, byte for byte the text 0013 held since commit
 * 1117a61 (a database migrated before that commit holds the body 0013 first shipped).
 * Frozen: 0035_answer_function.ts replaces either body with mnemo_record_answer_v2.sql,
 * and puts this one back when rolled back.
 */
create or replace function mnemo_record_answer(
  p_user integer, p_card integer, p_version integer, p_progress jsonb, p_review jsonb,
  p_day date, p_limit_kind text, p_limit integer, p_active_day integer
) returns table (outcome text, day_cards integer, total_cards integer)
language plpgsql as $$
declare
  v_version integer;
  v_frozen boolean;
  v_used integer;
  v_new boolean;
begin
  /* the lock order of every answer path (app/actions/learning/learner_lock.ts) */
  perform 1 from users where id = p_user for no key update;
  select version, frozen into v_version, v_frozen from card_progress where user_id = p_user and card_id = p_card for update;
  v_new := not found;
  if v_new then
    /* a card never answered: its row will start at the version lockProgress would give it */
    select coalesce(max(version_before) + 1, 0), false into v_version, v_frozen from review_logs where user_id = p_user and card_id = p_card;
  end if;
  if v_version is distinct from p_version or v_frozen
     or exists (select 1 from card_suspensions where user_id = p_user and card_id = p_card) then
    return query select 'changed', null::integer, null::integer;
    return;
  end if;
  if p_limit_kind is not null and not exists (
    select 1 from review_logs where user_id = p_user and card_id = p_card and study_day = p_day
  ) then
    if p_limit_kind = 'guest' then
      select count(*) into v_used from card_progress where user_id = p_user and reps > 0;
    else
      select count(distinct card_id) into v_used from review_logs where user_id = p_user and study_day = p_day;
    end if;
    if v_used >= p_limit then
      return query select 'limit', null::integer, null::integer;
      return;
    end if;
  end if;
  if v_new then
    /* written once, as answered (not created, then updated) */
    insert into card_progress (user_id, card_id, deck_id, state, due_at, interval_days, ease_permille, step, reps, lapses,
                               stability, difficulty, last_reviewed_at, frozen, version, created_at, updated_at)
    select p_user, p_card, n.deck_id, n.state, n.due_at, n.interval_days, n.ease_permille, n.step, n.reps, n.lapses,
           n.stability, n.difficulty, n.last_reviewed_at, n.frozen, p_version + 1, now(), now()
      from jsonb_populate_record(null::card_progress, p_progress) n
    on conflict (user_id, card_id) do nothing;
    if not found then
      /* a path that does not answer (an edit, a freeze) created the row meanwhile: nothing written, the transaction path decides */
      return query select 'changed', null::integer, null::integer;
      return;
    end if;
  else
    update card_progress p set
      (state, due_at, interval_days, ease_permille, step, reps, lapses, stability, difficulty, last_reviewed_at, deck_id, frozen, version, updated_at) =
      (select n.state, n.due_at, n.interval_days, n.ease_permille, n.step, n.reps, n.lapses, n.stability, n.difficulty,
              n.last_reviewed_at, n.deck_id, n.frozen, p_version + 1, now()
         from jsonb_populate_record(null::card_progress, p_progress) n)
    where p.user_id = p_user and p.card_id = p_card;
  end if;
  insert into review_logs (user_id, card_id, deck_id, answer, rating, kind, state_before, version_before, interval_before,
                           interval_after, ease_after, stability_after, difficulty_after, due_at_after, reviewed_at, study_day,
                           duration_ms, previous, source, sent_duration_ms)
  select r.user_id, r.card_id, r.deck_id, r.answer, r.rating, r.kind, r.state_before, r.version_before, r.interval_before,
         r.interval_after, r.ease_after, r.stability_after, r.difficulty_after, r.due_at_after, r.reviewed_at, r.study_day,
         r.duration_ms, (p_review->>'previous')::jsonb, r.source, r.sent_duration_ms
    from jsonb_populate_record(null::review_logs, p_review - 'previous') r;
  insert into study_days (user_id, day, cards_studied) values (p_user, p_day, 1)
    on conflict (user_id, day) do update set cards_studied = study_days.cards_studied + 1
    returning cards_studied into day_cards;
  /* the day became active: the stored streak is stale until worked out again (refresh_streak.ts) */
  update users set stats_cards_studied = stats_cards_studied + 1,
                   streak_as_of = case when day_cards = p_active_day then null else streak_as_of end
   where id = p_user
   returning stats_cards_studied into total_cards;
  outcome := 'ok';
  return next;
end
$$;
