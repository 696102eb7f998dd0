-- A scrim's slots change in one round trip (issue 14): each function below is one statement from the server.
-- scrims.slots.repository.ts calls them and parses their JSON; the rules they enforce live here only.
--
-- A user as a scrim shows them: the columns of ScrimUserRow (scrims.repository.ts), named as in the table.
CREATE FUNCTION scrim_user_json(u users) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', u.id, 'name', u.name, 'summoner_tagline', u.summoner_tagline, 'region', u.region,
    'rank', u.rank, 'discord', u.discord)
$$;--> statement-breakpoint
-- Everything a scrim's presentation needs (ScrimAggregate), or null when there is no such scrim. Rows as
-- to_json writes them (column names, ISO instants); plpgsql, so that each session plans it once.
CREATE FUNCTION scrim_aggregate(p_scrim uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'scrim', to_json(s),
      'creator', (SELECT scrim_user_json(u) FROM users u WHERE u.id = s.created_by),
      'host', (SELECT scrim_user_json(u) FROM users u WHERE u.id = s.lobby_host_id),
      'image_at', (SELECT i.created_at FROM post_game_images i WHERE i.scrim_id = s.id),
      'tournament', (SELECT to_json(t) FROM riot_tournaments t WHERE t.scrim_id = s.id),
      'participants', coalesce((
        SELECT json_agg(json_build_object('kind', p.kind, 'team', p.team, 'role', p.role,
            'joined_at', p.joined_at, 'user', scrim_user_json(u)) ORDER BY p.joined_at, p.user_id)
        FROM scrim_participants p JOIN users u ON u.id = p.user_id
        WHERE p.scrim_id = s.id), '[]'))
    FROM scrims s WHERE s.id = p_scrim);
END
$$;--> statement-breakpoint
-- The lobby host rule (reference facts), run after every change of a scrim's participants: a host who left
-- (p_left) is cleared; with both teams full (ten players: one per team and role) and no host, one of the ten is
-- picked with gen_random_uuid(), a cryptographically strong source. Stamps updated_at.
CREATE FUNCTION scrim_settle_host(p_scrim uuid, p_left uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scrims s
  SET lobby_host_id = coalesce(
        CASE WHEN s.lobby_host_id = p_left THEN NULL ELSE s.lobby_host_id END,
        (SELECT p.user_id FROM scrim_participants p
         WHERE p.scrim_id = p_scrim AND p.kind = 'player'
           AND (SELECT count(*) FROM scrim_participants f WHERE f.scrim_id = p_scrim AND f.kind = 'player') = 10
         ORDER BY gen_random_uuid() LIMIT 1)),
      updated_at = now()
  WHERE s.id = p_scrim;
END
$$;--> statement-breakpoint
-- One change of a user's place in a scrim, checked and applied under the scrim's row lock (actions on one scrim
-- run one at a time), the slot claimed under the unique constraints, the lobby host settled. p_action:
--   join   take the slot (p_team, p_role); with p_leave_cast a caster of the scrim switches to it in one step
--   move   a player of the scrim moves to the slot
--   leave  the player leaves (or is kicked)          uncast  the caster leaves the cast (or is removed)
--   cast   join the cast
-- Returns {refusal, aggregate}: refusal null when done, else the reason (SCRIM_NOT_FOUND, GAME_OVER,
-- SCRIM_ABANDONED, ALREADY_CASTER, ALREADY_PLAYER, SPOT_TAKEN, NOT_A_PLAYER, NOT_A_CASTER, CASTING_OFF,
-- CAST_FULL); aggregate the scrim as it is after the call (scrim_aggregate), null when there is none.
CREATE FUNCTION scrim_slot_change(p_action text, p_scrim uuid, p_user uuid, p_team team, p_role role,
  p_leave_cast boolean) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  s scrims%ROWTYPE;
  mine participant_kind;
  slot_taken boolean;
  refusal text;
  left_user uuid;
BEGIN
  SELECT * INTO s FROM scrims WHERE id = p_scrim FOR UPDATE;
  IF NOT FOUND THEN
    RETURN json_build_object('refusal', 'SCRIM_NOT_FOUND', 'aggregate', NULL);
  END IF;
  SELECT kind INTO mine FROM scrim_participants WHERE scrim_id = p_scrim AND user_id = p_user;
  slot_taken := p_team IS NOT NULL AND EXISTS (
    SELECT 1 FROM scrim_participants
    WHERE scrim_id = p_scrim AND kind = 'player' AND team = p_team AND role = p_role AND user_id <> p_user);
  refusal := CASE
    WHEN s.team_won IS NOT NULL THEN 'GAME_OVER'
    WHEN s.abandoned_at IS NOT NULL THEN 'SCRIM_ABANDONED'
    WHEN p_action = 'join' THEN CASE
      WHEN mine = 'caster' AND NOT p_leave_cast THEN 'ALREADY_CASTER'
      WHEN mine = 'player' THEN 'ALREADY_PLAYER'
      WHEN slot_taken THEN 'SPOT_TAKEN' END
    WHEN p_action = 'move' THEN CASE
      WHEN mine IS DISTINCT FROM 'player' THEN 'NOT_A_PLAYER'
      WHEN slot_taken THEN 'SPOT_TAKEN' END
    WHEN p_action = 'leave' AND mine IS DISTINCT FROM 'player' THEN 'NOT_A_PLAYER'
    WHEN p_action = 'uncast' AND mine IS DISTINCT FROM 'caster' THEN 'NOT_A_CASTER'
    WHEN p_action = 'cast' THEN CASE
      WHEN mine = 'player' THEN 'ALREADY_PLAYER'
      WHEN mine = 'caster' THEN 'ALREADY_CASTER'
      WHEN NOT s.is_with_casters OR s.max_casters_allowed_count = 0 THEN 'CASTING_OFF'
      WHEN (SELECT count(*) FROM scrim_participants WHERE scrim_id = p_scrim AND kind = 'caster')
        >= s.max_casters_allowed_count THEN 'CAST_FULL' END
    WHEN p_action NOT IN ('join', 'move', 'leave', 'uncast', 'cast') THEN 'UNKNOWN_ACTION'
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
      UPDATE scrim_participants SET team = p_team, role = p_role WHERE scrim_id = p_scrim AND user_id = p_user;
    ELSE
      DELETE FROM scrim_participants WHERE scrim_id = p_scrim AND user_id = p_user;
      left_user := p_user;
    END IF;
    IF refusal IS NULL THEN
      PERFORM scrim_settle_host(p_scrim, left_user);
    END IF;
  END IF;
  RETURN json_build_object('refusal', refusal, 'aggregate', scrim_aggregate(p_scrim));
END
$$;
