/*
 * The study answer, version 3 (created by migration 0037_answer_not_due.ts,
 * which replaces version 2's mnemo_record_answer): the one place where the
 * rules of an answer decide what it does. Version 3 adds one rule, 3b: a
 * card that is not due is refused ('not_due'). mnemo_write_answer and
 * mnemo_limit_used stay as version 2 created them
 * (database/sql/mnemo_record_answer_v2.sql). Never edit this file once
 * shipped: a change is a new version and a new migration.
 */

/*
 * A study answer (POST v2/learning/answer, and the web's learning page),
 * decided and written in one call. p_progress and p_review are what the
 * answer writes, worked out from the card's progress row as read at version
 * p_read (p_read_new: the card had no row, never answered); p_review also
 * gives the answer, its moment (reviewed_at), its study day and
 * review_duration_ms as sent (sent_duration_ms). p_shown is the version the
 * card was shown with, null when the request sent none (the spec's body).
 * p_limit_kind and p_limit: the learner's limit ('daily', 'guest', or null
 * for none; app/queries/learning/daily_limit.ts gives the values).
 * p_learn_ahead and p_day_end: when a card is due, as the session's queue
 * hands cards out (app/queries/learning/queue.ts): a learning card due by
 * the learn-ahead limit, a review due before the study day's end.
 *
 * The learner's row is locked first, then the card's progress row (the one
 * lock order of every answer path, app/actions/learning/learner_lock.ts);
 * then, on the card as locked, the first rule that applies answers:
 *
 *   1. p_shown given and no longer the card's version: the card moved on
 *      since it was shown. If this very answer moved it (the review written
 *      at version p_shown has the same button: a retried or doubled
 *      request), 'replayed'; anything else is 'stale'.
 *   2. p_shown null, against the session answer that made the card's
 *      current version, if any:
 *      - begun before that answer was recorded (the answer's showing,
 *        review_duration_ms but at least c_min_showing, reaches back past
 *        it; or it lost the race for the lock): the same showing sent twice
 *        or raced; the same button is 'replayed', another 'stale';
 *      - the same request again (button and review_duration_ms) within
 *        c_retry_window and before the card is due again: a network retry,
 *        'replayed';
 *      - anything else is a new answer (a learner who sees the card again,
 *        after a learning step or through learn-ahead, measures a new
 *        duration that starts after the last answer).
 *   3. the card frozen: 'frozen'; removed from study: 'suspended'.
 *   3b. the card not due: 'not_due'. A session's queue hands out only due
 *      cards (new ones; learning and relearning ones due by p_learn_ahead;
 *      reviews due before p_day_end; in speed learning every card not yet
 *      got), and a card stays due until it is answered, so a card a session
 *      holds is due: an answer to any other card (a review weeks ahead, the
 *      same card answered again and again) changes nothing, no review, no
 *      study day, no streak.
 *   4. the learner's limit reached (mnemo_limit_used), unless the card was
 *      already answered on this study day (a card begun may be finished):
 *      'guest_limit' or 'daily_limit'.
 *   5. the card's row is no longer the one the answer was worked out from
 *      (something wrote it between the app's read and this call): 'moved',
 *      and the app works the answer out again on the row it locks itself.
 *   6. otherwise the answer is written (mnemo_write_answer): 'ok', with the
 *      card's new version, the study day's and the lifetime counts.
 *
 * Every outcome but 'ok' writes nothing. A 'replayed' answer gives the card
 * as it is now (card_row, null for a card with no row: the app starts it
 * from the table's defaults at card_version) and whether the replayed answer
 * made it a leech (it froze the card, and nothing changed the card since).
 */
create or replace function mnemo_record_answer(
  p_user integer, p_card integer, p_shown integer, p_read integer, p_read_new boolean, p_progress jsonb,
  p_review jsonb, p_limit_kind text, p_limit integer, p_active_day integer, p_learn_ahead timestamptz,
  p_day_end timestamptz
) returns table (
  outcome text, card_version integer, card_row jsonb, leech boolean, day_cards integer, total_cards integer
) language plpgsql as $$
declare
  /* the spec's clients give up on a request after 120 s and retry: a retry lands within about two minutes */
  c_retry_window constant interval := interval '3 minutes';
  /* nobody reveals and answers a card in less: a showing began at least this long before its answer arrived */
  c_min_showing constant interval := interval '1 second';
  v_answer text := p_review->>'answer';
  v_at timestamptz := (p_review->>'reviewed_at')::timestamptz;
  v_sent integer := (p_review->>'sent_duration_ms')::integer;
  v_day date := (p_review->>'study_day')::date;
  v_row card_progress;
  v_new boolean;
  v_version integer;
  v_last review_logs;
  v_written record;
begin
  /* every output column starts null; each outcome sets what it gives, then `return next; return;` */
  perform 1 from users u where u.id = p_user for no key update;
  select * into v_row from card_progress p where p.user_id = p_user and p.card_id = p_card for update;
  v_new := not found;
  if v_new then
    /* never answered (or its progress reset): it starts after its last answered version, as lockProgress gives it */
    select coalesce(max(r.version_before) + 1, 0) into v_version
      from review_logs r where r.user_id = p_user and r.card_id = p_card;
  else
    v_version := v_row.version;
  end if;

  /* 1. the version the card was shown with */
  if p_shown is not null and p_shown <> v_version then
    select * into v_last from review_logs r
     where r.user_id = p_user and r.card_id = p_card and r.version_before = p_shown;
    outcome := case when found and v_last.answer = v_answer then 'replayed' else 'stale' end;
  /* 2. no version: a retry of the last answer, or a new one */
  elsif p_shown is null then
    select * into v_last from review_logs r
     where r.user_id = p_user and r.card_id = p_card and r.source = 'session' and r.version_before = v_version - 1;
    if found and (
      v_at - greatest(make_interval(secs => coalesce(v_sent, 0) / 1000.0), c_min_showing) < v_last.reviewed_at
      or (v_last.answer = v_answer and v_last.sent_duration_ms is not distinct from v_sent
          and v_at - v_last.reviewed_at <= c_retry_window and not coalesce(v_row.due_at <= v_at, false))
    ) then
      outcome := case when v_last.answer = v_answer then 'replayed' else 'stale' end;
    end if;
  end if;
  if outcome = 'replayed' then
    card_version := v_version;
    card_row := case when v_new then null else to_jsonb(v_row) end;
    /* when the card changed again since (an undo, an edit of its progress), the leech it may have made is history */
    leech := v_last.version_before + 1 = v_version and coalesce(v_row.frozen, false)
             and v_last.previous is not null and not coalesce((v_last.previous->>'frozen')::boolean, false);
    return next;
    return;
  elsif outcome = 'stale' then
    return next;
    return;
  end if;

  /* 3. out of study */
  if coalesce(v_row.frozen, false) then
    outcome := 'frozen';
  elsif exists (select 1 from card_suspensions s where s.user_id = p_user and s.card_id = p_card) then
    outcome := 'suspended';
  /* 3b. not due (a card never answered is new: due) */
  elsif not v_new and (case v_row.state
      when 'learning' then v_row.due_at > p_learn_ahead
      when 'relearning' then v_row.due_at > p_learn_ahead
      when 'review' then v_row.due_at >= p_day_end
      when 'got_it' then true
      else false
    end) then
    outcome := 'not_due';
  /* 4. the limits (none to count for a premium learner) */
  elsif p_limit_kind is not null then
    if not exists (select 1 from review_logs r where r.user_id = p_user and r.card_id = p_card and r.study_day = v_day)
       and mnemo_limit_used(p_user, p_limit_kind, v_day) >= p_limit then
      outcome := p_limit_kind || '_limit';
    end if;
  end if;
  /* 5. the row the answer was worked out from */
  if outcome is null and (v_version <> p_read or v_new <> p_read_new) then
    outcome := 'moved';
  end if;
  if outcome is not null then
    return next;
    return;
  end if;

  /* 6. written */
  select * into v_written from mnemo_write_answer(p_user, p_card, v_new, p_read, p_progress, p_review, p_active_day) w;
  if not v_written.written then
    /* a path that does not answer (a freeze) created the row meanwhile: nothing written, worked out again */
    outcome := 'moved';
  else
    outcome := 'ok';
    card_version := p_read + 1;
    day_cards := v_written.day_cards;
    total_cards := v_written.total_cards;
  end if;
  return next;
end
$$;
