-- A player a host or admin put into a scrim (assigned, filled at random, brought in as a substitute) did not
-- choose it: scrim_participants.placed marks them until they check in or confirm the place, and a placed player
-- carries no commitment (no no-show, no late leave, no cooldown). They are told by a 'scrim_placed' notification.
ALTER TABLE "scrim_participants" ADD COLUMN "placed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'scrim_placed';--> statement-breakpoint
-- scrim_slot_change as 0013_show_up_slot_rules.sql wrote it, with two changes: a player who moves themselves is no
-- longer placed, and the answer says whether the user was placed before the change ('was_placed': a placed
-- player's own leave is not a late leave).
CREATE OR REPLACE FUNCTION scrim_slot_change(p_action text, p_scrim uuid, p_user uuid, p_team team, p_role role,
  p_leave_cast boolean) RETURNS json LANGUAGE plpgsql AS $$
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
BEGIN
  SELECT * INTO s FROM scrims WHERE id = p_scrim FOR UPDATE;
  IF NOT FOUND THEN
    RETURN json_build_object('refusal', 'SCRIM_NOT_FOUND', 'aggregate', NULL);
  END IF;
  SELECT kind, team, role, placed INTO mine, my_team, my_role, was_placed
  FROM scrim_participants WHERE scrim_id = p_scrim AND user_id = p_user;
  IF p_action = 'join' THEN
    SELECT cooldown_until INTO cooldown FROM users WHERE id = p_user AND cooldown_until > now();
  END IF;
  slot_taken := p_team IS NOT NULL AND EXISTS (
    SELECT 1 FROM scrim_participants
    WHERE scrim_id = p_scrim AND kind = 'player' AND team = p_team AND role = p_role AND user_id <> p_user);
  refusal := CASE
    WHEN s.cancelled_at IS NOT NULL THEN 'SCRIM_CANCELLED'
    WHEN s.team_won IS NOT NULL THEN 'GAME_OVER'
    WHEN s.abandoned_at IS NOT NULL THEN 'SCRIM_ABANDONED'
    WHEN p_action IN ('join', 'move') AND s.mode = 'balanced' THEN 'BALANCED_SCRIM'
    WHEN p_action = 'join' THEN CASE
      WHEN mine = 'caster' AND NOT p_leave_cast THEN 'ALREADY_CASTER'
      WHEN mine = 'player' THEN 'ALREADY_PLAYER'
      WHEN cooldown IS NOT NULL THEN 'COOLDOWN'
      WHEN slot_taken THEN 'SPOT_TAKEN' END
    WHEN p_action = 'move' THEN CASE
      WHEN mine IS DISTINCT FROM 'player' THEN 'NOT_A_PLAYER'
      WHEN slot_taken THEN 'SPOT_TAKEN' END
    WHEN p_action = 'leave' AND mine IS DISTINCT FROM 'player' THEN 'NOT_A_PLAYER'
    WHEN p_action = 'uncast' AND mine IS DISTINCT FROM 'caster' THEN 'NOT_A_CASTER'
    WHEN p_action = 'cast' THEN CASE
      WHEN mine = 'player' THEN 'ALREADY_PLAYER'
      WHEN mine = 'caster' THEN 'ALREADY_CASTER'
      WHEN EXISTS (SELECT 1 FROM scrim_signups WHERE scrim_id = p_scrim AND user_id = p_user)
        THEN 'ALREADY_SIGNED_UP'
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
      -- Taking another slot themselves, the player chooses the scrim: no longer placed.
      UPDATE scrim_participants SET team = p_team, role = p_role, placed = false
      WHERE scrim_id = p_scrim AND user_id = p_user;
    ELSE
      DELETE FROM scrim_participants WHERE scrim_id = p_scrim AND user_id = p_user;
      left_user := p_user;
      IF p_action = 'leave' THEN
        DELETE FROM scrim_signups WHERE scrim_id = p_scrim AND user_id = p_user;
      END IF;
    END IF;
    IF refusal IS NULL THEN
      IF p_action = 'join' THEN
        DELETE FROM scrim_waitlist WHERE scrim_id = p_scrim AND user_id = p_user;
      END IF;
      IF p_action IN ('join', 'move', 'leave') THEN
        UPDATE scrims SET balanced_at = NULL, balance_blue_win_probability = NULL, balance_off_role = NULL
        WHERE id = p_scrim AND balanced_at IS NOT NULL;
      END IF;
      IF p_action = 'leave' OR (p_action = 'move' AND (my_team, my_role) IS DISTINCT FROM (p_team, p_role)) THEN
        promoted := scrim_promote_waitlist(p_scrim, my_team, my_role);
      END IF;
      PERFORM scrim_settle_host(p_scrim, left_user);
    END IF;
  END IF;
  RETURN json_build_object('refusal', refusal, 'cooldown_until', cooldown, 'promoted', promoted,
    'was_placed', coalesce(was_placed, false), 'aggregate', scrim_aggregate(p_scrim));
END
$$;
--> statement-breakpoint
-- scrim_aggregate as 0014_substitution_names.sql wrote it, each participant with its 'placed' flag.
CREATE OR REPLACE FUNCTION scrim_aggregate(p_scrim uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'scrim', to_json(s),
      'creator', (SELECT scrim_user_json(u) FROM users u WHERE u.id = s.created_by),
      'host', (SELECT scrim_user_json(u) FROM users u WHERE u.id = s.lobby_host_id),
      'hosted_by', (SELECT scrim_user_json(u) FROM users u WHERE u.id = s.hosted_by),
      'image_at', (SELECT i.created_at FROM post_game_images i WHERE i.scrim_id = s.id),
      'tournament', (SELECT to_json(t) FROM riot_tournaments t WHERE t.scrim_id = s.id),
      'participants', coalesce((
        SELECT json_agg(json_build_object('kind', p.kind, 'team', p.team, 'role', p.role,
            'joined_at', p.joined_at, 'placed', p.placed, 'user', scrim_user_json(u),
            'rating', CASE WHEN p.kind = 'player' THEN current_rating_json(u.id) END)
          ORDER BY p.joined_at, p.user_id)
        FROM scrim_participants p JOIN users u ON u.id = p.user_id
        WHERE p.scrim_id = s.id), '[]'),
      'signups', coalesce((
        SELECT json_agg(json_build_object('primary_role', g.primary_role, 'secondary_role', g.secondary_role,
            'created_at', g.created_at, 'user', scrim_user_json(u), 'rating', current_rating_json(u.id))
          ORDER BY g.created_at, g.user_id)
        FROM scrim_signups g JOIN users u ON u.id = g.user_id
        WHERE g.scrim_id = s.id), '[]'),
      'waitlist', coalesce((
        SELECT json_agg(json_build_object('role', w.role, 'created_at', w.created_at, 'user', scrim_user_json(u))
          ORDER BY w.created_at, w.user_id)
        FROM scrim_waitlist w JOIN users u ON u.id = w.user_id
        WHERE w.scrim_id = s.id), '[]'),
      'check_ins', coalesce((
        SELECT json_agg(c.user_id ORDER BY c.checked_in_at, c.user_id)
        FROM scrim_check_ins c WHERE c.scrim_id = s.id), '[]'),
      'substitutions', coalesce((
        SELECT json_agg(json_build_object('out_user_id', b.out_user_id, 'in_user_id', b.in_user_id,
            'created_at', b.created_at, 'out_user', CASE WHEN o.id IS NOT NULL THEN scrim_user_json(o) END,
            'in_user', CASE WHEN i.id IS NOT NULL THEN scrim_user_json(i) END)
            ORDER BY b.created_at, b.id)
        FROM scrim_substitutions b
        LEFT JOIN users o ON o.id = b.out_user_id
        LEFT JOIN users i ON i.id = b.in_user_id
        WHERE b.scrim_id = s.id), '[]'),
      'rating_changes', coalesce((
        SELECT json_agg(json_build_object('user_id', h.user_id, 'rating_before', h.rating_before,
            'rating_after', h.rating_after) ORDER BY h.user_id)
        FROM rating_history h WHERE h.scrim_id = s.id), '[]'),
      'dispute', (
        SELECT json_build_object('id', d.id, 'user_id', d.user_id, 'reason', d.reason, 'created_at', d.created_at)
        FROM result_disputes d WHERE d.scrim_id = s.id AND d.resolved_at IS NULL))
    FROM scrims s WHERE s.id = p_scrim);
END
$$;
