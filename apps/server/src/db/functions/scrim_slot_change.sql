-- One change of a user's place in a scrim, checked and applied under the scrim's row lock (actions on one scrim
-- run one at a time), the slot claimed under the unique constraints, the lobby host settled, a freed slot offered
-- to the waitlist (scrim_promote_waitlist). One statement from the server (scrims/slots/slots.repository.ts); the rules
-- of which place a user may take live here only (who may act for whom is the policy's: scrims/core/scrims.policy.ts).
-- A user who takes a place themselves (join, cast) first holds their own account row, shared, while it is not
-- deleted, before the scrim's lock: the order an account deletion takes them in, so a deletion either waits for the
-- join and then gives the place back, or has committed and the join is USER_DELETED. p_action:
--   join    take the slot (p_team, p_role); with p_leave_cast a caster of the scrim switches to it in one step
--   move    a player of the scrim moves to the slot
--   leave   the player leaves (or is kicked)          uncast  the caster leaves the cast (or is removed)
--   cast    join the cast
--   assign  whoever runs the scrim (p_by) puts the user in the slot: a player of the scrim moves there, anyone else
--           comes in, placed when p_by put in someone else (whom a host may place is the policy's, checked before)
--   swap    whoever runs the scrim drags a player onto the slot: exchanged with its player, or moved there
--   substitute  after the start and before a confirmed result, whoever runs the scrim brings the user in for the
--           player p_out, who did not come: the user takes p_out's slot (and the lobby captaincy if p_out held
--           it), placed when p_by is someone else; p_out's place, sign-up and check-in go; on a balanced scrim
--           the user signs up for the seat (whom a host may bring in is the policy's, checked before)
--   seat    a balanced scrim's sign-ups take the open seats p_seats ([{user_id, team, role}]) its balance chose
--           for them: each must be a sign-up not seated yet, each seat free (p_user is not used)
--   reseat  the players become p_seats, every player row replaced (the balance made the teams again): each
--           must be a player or a sign-up of the scrim (p_user is not used)
--   lineup  a series game's side p_team becomes p_seats, that side's player rows replaced (a captain set the team's
--           lineup; who of the roster may be in it is the series' rule, checked before): each seat on side p_team,
--           no seated user banned (LINEUP_BANNED) or deleted, and not in the last 15 minutes before the game's
--           start (LINEUP_LOCKED; SERIES_LINEUP_LOCK_MINUTES in packages/shared); a seated user who was elsewhere
--           in the scrim (a caster, or on the other side after a drag) leaves that place (p_user is not used)
--   sides   the server seats a series game's two lineups, each on its side (a next game's creation, the loser's
--           side choice): every player row becomes p_seats, less any user banned or deleted since the lineup was
--           set (that team brings a substitute); refused once the game has started (LINEUP_LOCKED)
-- A series game (series_game; its series_games row says which) has no free places: join, move, assign, seat and
-- reseat are SERIES_GAME; its players come in through lineup only (and a substitute after the start). Its cast is
-- open as any scrim's, but not to a user on either team's roster or lineup (series_roster_ids: ON_SERIES_TEAM): a
-- caster sees both sides' lobby, and a player watching the opponents' game could ghost it.
-- p_by, p_out and p_seats have defaults, so a call with the first six arguments (a user's own change) stays valid:
-- an instance of the previous release keeps working during a rolling deploy.
-- Returns {refusal, cooldown_until, promoted, was_placed, placed, aggregate}: refusal null when done, else the
-- reason (an API error code: SlotRefusal in scrims/slots/slots.repository.ts); placed whether the call put in a
-- placed player; aggregate the scrim as it is after the call (scrim_aggregate), null when there is none.
CREATE OR REPLACE FUNCTION scrim_slot_change(p_action text, p_scrim uuid, p_user uuid, p_team team, p_role role,
  p_leave_cast boolean, p_by uuid DEFAULT NULL, p_out uuid DEFAULT NULL, p_seats jsonb DEFAULT NULL) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  s scrims%ROWTYPE;
  mine participant_kind;
  my_team team;
  my_role role;
  slot_taken boolean;
  refusal text;
  left_user uuid;
  cooldown timestamptz;
  promoted uuid;
  was_placed boolean;
  placed_now boolean := false;
  user_exists boolean := true;
  out_kind participant_kind;
  out_team team;
  out_role role;
  banned boolean := false;
  occupant scrim_participants%ROWTYPE;
  seats_refusal text;
  series_game boolean;
BEGIN
  IF p_action IN ('join', 'cast') THEN
    PERFORM 1 FROM users WHERE id = p_user AND deleted_at IS NULL FOR SHARE;
    IF NOT FOUND THEN
      RETURN json_build_object('refusal', 'USER_DELETED', 'aggregate', NULL);
    END IF;
  END IF;
  SELECT * INTO s FROM scrims WHERE id = p_scrim FOR UPDATE;
  IF NOT FOUND THEN
    RETURN json_build_object('refusal', 'SCRIM_NOT_FOUND', 'aggregate', NULL);
  END IF;
  series_game := s.series_game;
  SELECT kind, team, role, placed INTO mine, my_team, my_role, was_placed
  FROM scrim_participants WHERE scrim_id = p_scrim AND user_id = p_user;
  IF p_action IN ('assign', 'substitute') THEN
    -- Not held: the caller already holds the scrim's lock, which an account deletion takes after the account's.
    user_exists := EXISTS (SELECT 1 FROM users WHERE id = p_user AND deleted_at IS NULL);
  END IF;
  IF p_action = 'substitute' THEN
    SELECT kind, team, role INTO out_kind, out_team, out_role
    FROM scrim_participants WHERE scrim_id = p_scrim AND user_id = p_out;
    banned := ban_in_force(p_user);
  END IF;
  IF p_action IN ('join', 'cast') THEN
    SELECT cooldown_until INTO cooldown FROM users WHERE id = p_user AND cooldown_until > now();
  END IF;
  IF p_action IN ('seat', 'reseat') THEN
    SELECT CASE
      WHEN p_action = 'seat' AND s.mode <> 'balanced' THEN 'NOT_BALANCED'
      WHEN bool_or(NOT EXISTS (SELECT 1 FROM scrim_signups g WHERE g.scrim_id = p_scrim AND g.user_id = x.user_id)
        AND (p_action = 'seat' OR NOT EXISTS (SELECT 1 FROM scrim_participants p
          WHERE p.scrim_id = p_scrim AND p.user_id = x.user_id AND p.kind = 'player'))) THEN 'NOT_SIGNED_UP'
      WHEN p_action = 'seat' AND bool_or(EXISTS (SELECT 1 FROM scrim_participants p WHERE p.scrim_id = p_scrim
        AND (p.user_id = x.user_id OR (p.kind = 'player' AND p.team = x.team AND p.role = x.role)))) THEN 'SPOT_TAKEN'
    END INTO seats_refusal
    FROM jsonb_to_recordset(coalesce(p_seats, '[]')) AS x(user_id uuid, team team, role role);
  END IF;
  IF p_action = 'sides' THEN
    seats_refusal := CASE
      WHEN NOT series_game THEN 'NOT_SERIES_GAME'
      WHEN s.game_start_time <= now() THEN 'LINEUP_LOCKED' END;
  END IF;
  IF p_action = 'lineup' THEN
    SELECT CASE
      WHEN NOT series_game THEN 'NOT_SERIES_GAME'
      WHEN s.game_start_time - interval '15 minutes' <= now() THEN 'LINEUP_LOCKED'
      WHEN p_team IS NULL OR bool_or(x.team IS DISTINCT FROM p_team) THEN 'WRONG_SIDE'
      WHEN bool_or(NOT EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id AND u.deleted_at IS NULL))
        THEN 'USER_NOT_FOUND'
      WHEN bool_or(ban_in_force(x.user_id)) THEN 'LINEUP_BANNED'
    END INTO seats_refusal
    FROM jsonb_to_recordset(coalesce(p_seats, '[]')) AS x(user_id uuid, team team, role role);
  END IF;
  slot_taken := p_team IS NOT NULL AND EXISTS (
    SELECT 1 FROM scrim_participants
    WHERE scrim_id = p_scrim AND kind = 'player' AND team = p_team AND role = p_role AND user_id <> p_user);
  refusal := CASE
    -- A substitute comes in after the start, also while a reported result waits for its confirmation.
    WHEN p_action = 'substitute' THEN CASE
      WHEN s.cancelled_at IS NOT NULL THEN 'SCRIM_CANCELLED'
      WHEN s.abandoned_at IS NOT NULL THEN 'SCRIM_ABANDONED'
      WHEN s.game_start_time > now() THEN 'NOT_STARTED'
      WHEN s.result_status = 'confirmed' THEN 'RESULT_CONFIRMED'
      WHEN out_kind IS DISTINCT FROM 'player' THEN 'NOT_A_PLAYER'
      WHEN NOT user_exists THEN 'USER_NOT_FOUND'
      WHEN mine = 'player' THEN 'ALREADY_PLAYER'
      WHEN mine = 'caster' THEN 'ALREADY_CASTER'
      WHEN banned THEN 'SUBSTITUTE_BANNED' END
    WHEN s.cancelled_at IS NOT NULL THEN 'SCRIM_CANCELLED'
    WHEN s.team_won IS NOT NULL THEN 'GAME_OVER'
    WHEN s.abandoned_at IS NOT NULL THEN 'SCRIM_ABANDONED'
    WHEN p_action IN ('join', 'move', 'assign', 'seat', 'reseat') AND series_game THEN 'SERIES_GAME'
    WHEN p_action IN ('join', 'move', 'assign') AND s.mode = 'balanced' THEN 'BALANCED_SCRIM'
    WHEN p_action IN ('seat', 'reseat', 'lineup', 'sides') THEN seats_refusal
    WHEN p_action = 'join' THEN CASE
      WHEN mine = 'caster' AND NOT p_leave_cast THEN 'ALREADY_CASTER'
      WHEN mine = 'player' THEN 'ALREADY_PLAYER'
      WHEN cooldown IS NOT NULL THEN 'COOLDOWN'
      WHEN slot_taken THEN 'SPOT_TAKEN' END
    WHEN p_action = 'move' THEN CASE
      WHEN mine IS DISTINCT FROM 'player' THEN 'NOT_A_PLAYER'
      WHEN slot_taken THEN 'SPOT_TAKEN' END
    WHEN p_action = 'assign' THEN CASE
      WHEN NOT user_exists THEN 'USER_NOT_FOUND'
      WHEN mine = 'caster' THEN 'ALREADY_CASTER'
      WHEN slot_taken THEN 'SPOT_TAKEN' END
    WHEN p_action IN ('leave', 'swap') AND mine IS DISTINCT FROM 'player' THEN 'NOT_A_PLAYER'
    WHEN p_action = 'uncast' AND mine IS DISTINCT FROM 'caster' THEN 'NOT_A_CASTER'
    WHEN p_action = 'cast' THEN CASE
      WHEN mine = 'player' THEN 'ALREADY_PLAYER'
      WHEN mine = 'caster' THEN 'ALREADY_CASTER'
      WHEN series_game AND p_user = ANY (series_roster_ids(p_scrim)) THEN 'ON_SERIES_TEAM'
      WHEN cooldown IS NOT NULL THEN 'COOLDOWN'
      WHEN EXISTS (SELECT 1 FROM scrim_signups WHERE scrim_id = p_scrim AND user_id = p_user)
        THEN 'ALREADY_SIGNED_UP'
      WHEN NOT s.is_with_casters OR s.max_casters_allowed_count = 0 THEN 'CASTING_OFF'
      WHEN (SELECT count(*) FROM scrim_participants WHERE scrim_id = p_scrim AND kind = 'caster')
        >= s.max_casters_allowed_count THEN 'CAST_FULL' END
    WHEN p_action NOT IN ('join', 'move', 'leave', 'uncast', 'cast', 'assign', 'swap') THEN 'UNKNOWN_ACTION'
  END;
  IF refusal IS NULL THEN
    IF p_action = 'join' AND mine = 'caster' THEN
      -- The cast row becomes the player row: the user is never out of the scrim, and a refusal keeps the caster.
      UPDATE scrim_participants SET kind = 'player', team = p_team, role = p_role, joined_at = now()
      WHERE scrim_id = p_scrim AND user_id = p_user;
    ELSIF p_action IN ('join', 'cast') THEN
      -- The checks above ran under the lock; the constraints still have the last word.
      INSERT INTO scrim_participants (scrim_id, user_id, kind, team, role)
      VALUES (p_scrim, p_user, CASE WHEN p_action = 'join' THEN 'player' ELSE 'caster' END::participant_kind,
        p_team, p_role)
      ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        refusal := CASE WHEN p_action = 'join' THEN 'SPOT_TAKEN' ELSE 'ALREADY_CASTER' END;
      END IF;
    ELSIF p_action = 'move' THEN
      -- Taking another slot themselves, the player chooses the scrim: no longer placed.
      UPDATE scrim_participants SET team = p_team, role = p_role, placed = false
      WHERE scrim_id = p_scrim AND user_id = p_user;
    ELSIF p_action = 'assign' AND mine = 'player' THEN
      -- Moved by whoever runs the scrim, the player keeps what they chose (and when they joined).
      UPDATE scrim_participants SET team = p_team, role = p_role WHERE scrim_id = p_scrim AND user_id = p_user;
    ELSIF p_action = 'assign' THEN
      -- A newcomer put in by someone else is placed: they chose nothing yet.
      placed_now := p_by IS DISTINCT FROM p_user;
      INSERT INTO scrim_participants (scrim_id, user_id, kind, team, role, placed)
      VALUES (p_scrim, p_user, 'player', p_team, p_role, placed_now)
      ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        refusal := 'SPOT_TAKEN';
        placed_now := false;
      END IF;
    ELSIF p_action = 'substitute' THEN
      DELETE FROM scrim_participants WHERE scrim_id = p_scrim AND user_id = p_out;
      DELETE FROM scrim_signups WHERE scrim_id = p_scrim AND user_id = p_out;
      DELETE FROM scrim_check_ins WHERE scrim_id = p_scrim AND user_id = p_out;
      -- Brought in by someone else, the substitute did not choose the scrim: placed until they confirm.
      placed_now := p_by IS DISTINCT FROM p_user;
      INSERT INTO scrim_participants (scrim_id, user_id, kind, team, role, placed)
      VALUES (p_scrim, p_user, 'player', out_team, out_role, placed_now);
      IF s.mode = 'balanced' THEN
        -- A balanced scrim's players are its sign-ups: the substitute signs up for the seat (unless signed up).
        INSERT INTO scrim_signups (scrim_id, user_id, primary_role, secondary_role)
        SELECT p_scrim, p_user, out_role::text::role_preference, u.secondary_role FROM users u WHERE u.id = p_user
        ON CONFLICT DO NOTHING;
      END IF;
      UPDATE scrims SET lobby_host_id = p_user WHERE id = p_scrim AND lobby_host_id = p_out;
    ELSIF p_action IN ('seat', 'reseat') THEN
      IF p_action = 'reseat' THEN
        DELETE FROM scrim_participants WHERE scrim_id = p_scrim AND kind = 'player';
      END IF;
      -- The checks above ran under the lock; the one-player-per-slot constraint still has the last word.
      INSERT INTO scrim_participants (scrim_id, user_id, kind, team, role)
      SELECT p_scrim, x.user_id, 'player', x.team, x.role
      FROM jsonb_to_recordset(p_seats) AS x(user_id uuid, team team, role role);
    ELSIF p_action = 'sides' THEN
      DELETE FROM scrim_participants WHERE scrim_id = p_scrim AND kind = 'player';
      INSERT INTO scrim_participants (scrim_id, user_id, kind, team, role)
      SELECT p_scrim, x.user_id, 'player', x.team, x.role
      FROM jsonb_to_recordset(p_seats) AS x(user_id uuid, team team, role role)
      JOIN users u ON u.id = x.user_id AND u.deleted_at IS NULL
      WHERE NOT ban_in_force(x.user_id);
      UPDATE scrims SET lobby_host_id = NULL WHERE id = p_scrim AND NOT EXISTS (SELECT 1 FROM scrim_participants p
        WHERE p.scrim_id = p_scrim AND p.user_id = scrims.lobby_host_id AND p.kind = 'player');
    ELSIF p_action = 'lineup' THEN
      DELETE FROM scrim_participants WHERE scrim_id = p_scrim AND ((kind = 'player' AND team = p_team)
        OR user_id IN (SELECT x.user_id FROM jsonb_to_recordset(p_seats) AS x(user_id uuid)));
      DELETE FROM scrim_waitlist WHERE scrim_id = p_scrim
        AND user_id IN (SELECT x.user_id FROM jsonb_to_recordset(p_seats) AS x(user_id uuid));
      -- The constraints have the last word: one row per user, one player per slot.
      INSERT INTO scrim_participants (scrim_id, user_id, kind, team, role)
      SELECT p_scrim, x.user_id, 'player', x.team, x.role
      FROM jsonb_to_recordset(p_seats) AS x(user_id uuid, team team, role role);
      -- A lobby host the new lineup left out is no longer one; scrim_settle_host picks another once ten sit.
      UPDATE scrims SET lobby_host_id = NULL WHERE id = p_scrim AND NOT EXISTS (SELECT 1 FROM scrim_participants p
        WHERE p.scrim_id = p_scrim AND p.user_id = scrims.lobby_host_id AND p.kind = 'player');
    ELSIF p_action = 'swap' THEN
      -- Both slots are unique and checked row by row: the slot's player steps out, the dragged one moves in, and
      -- the first comes back on the dragged one's old slot, with everything else of their row kept.
      DELETE FROM scrim_participants
      WHERE scrim_id = p_scrim AND kind = 'player' AND team = p_team AND role = p_role AND user_id <> p_user
      RETURNING * INTO occupant;
      UPDATE scrim_participants SET team = p_team, role = p_role WHERE scrim_id = p_scrim AND user_id = p_user;
      IF occupant.user_id IS NOT NULL THEN
        occupant.team := my_team;
        occupant.role := my_role;
        INSERT INTO scrim_participants SELECT (occupant).*;
      END IF;
    ELSE
      DELETE FROM scrim_participants WHERE scrim_id = p_scrim AND user_id = p_user;
      left_user := p_user;
      IF p_action = 'leave' THEN
        DELETE FROM scrim_signups WHERE scrim_id = p_scrim AND user_id = p_user;
      END IF;
    END IF;
    IF refusal IS NULL THEN
      IF p_action IN ('join', 'assign', 'substitute') THEN
        DELETE FROM scrim_waitlist WHERE scrim_id = p_scrim AND user_id = p_user;
      END IF;
      -- The teams are no longer as they were balanced: the win probability comes from the live ratings again.
      IF p_action IN ('join', 'move', 'leave', 'assign', 'substitute')
        OR (p_action = 'swap' AND (my_team, my_role) IS DISTINCT FROM (p_team, p_role)) THEN
        UPDATE scrims SET balanced_at = NULL, balance_blue_win_probability = NULL, balance_off_role = NULL
        WHERE id = p_scrim AND balanced_at IS NOT NULL;
      END IF;
      -- A slot left empty goes to the waitlist (after an exchange, none is: scrim_promote_waitlist finds it taken);
      -- a series game's slots are its lineups', never the waitlist's.
      IF NOT series_game AND (p_action = 'leave' OR (p_action IN ('move', 'assign', 'swap') AND mine = 'player'
        AND (my_team, my_role) IS DISTINCT FROM (p_team, p_role))) THEN
        promoted := scrim_promote_waitlist(p_scrim, my_team, my_role);
      END IF;
      PERFORM scrim_settle_host(p_scrim, left_user);
    END IF;
  END IF;
  RETURN json_build_object('refusal', refusal, 'cooldown_until', cooldown, 'promoted', promoted,
    'was_placed', coalesce(was_placed, false), 'placed', placed_now, 'aggregate', scrim_aggregate(p_scrim));
END
$$;
