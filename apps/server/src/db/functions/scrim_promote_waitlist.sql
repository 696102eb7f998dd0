-- Waitlist promotion: a free slot of a scrim goes to the first suitable waitlisted player (first come first
-- served: created_at, then user_id), in the caller's statement, under the scrim's row lock the caller already
-- holds (SELECT ... FOR UPDATE on scrims): every change of a scrim's players and waitlist takes that lock, so a
-- slot is given once and a waitlist entry is used once, whatever the number of instances.
--
-- Suitable: the entry's role is p_role or 'any'; the user has no ban in force (ban_in_force), is not in a no-show
-- cooldown (users.cooldown_until in the future), is not a deleted account and is not already in the scrim (a
-- player or caster, or signed up). Entries that do not fit stay where they are (a cooldown ends, a ban is lifted). Nothing is promoted into a scrim that is over (a
-- winner), abandoned or cancelled. Returns the promoted user's id, or NULL when the slot is not free or nobody fits.
CREATE OR REPLACE FUNCTION scrim_promote_waitlist(p_scrim uuid, p_team team, p_role role) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  s scrims%ROWTYPE;
  promoted uuid;
  entry_role text;
  seat boolean;
BEGIN
  SELECT * INTO s FROM scrims WHERE id = p_scrim;
  IF NOT FOUND OR s.team_won IS NOT NULL OR s.abandoned_at IS NOT NULL OR s.cancelled_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
  -- A balanced scrim has seats only once its teams are made.
  seat := p_team IS NOT NULL AND p_role IS NOT NULL AND (s.mode <> 'balanced'
    OR EXISTS (SELECT 1 FROM scrim_participants WHERE scrim_id = p_scrim AND kind = 'player'));
  IF seat AND EXISTS (SELECT 1 FROM scrim_participants
      WHERE scrim_id = p_scrim AND kind = 'player' AND team = p_team AND role = p_role) THEN
    RETURN NULL;
  END IF;
  IF NOT seat AND (s.mode <> 'balanced'
      OR (SELECT count(*) FROM scrim_signups WHERE scrim_id = p_scrim) >= 10) THEN
    RETURN NULL;
  END IF;

  SELECT w.user_id, w.role INTO promoted, entry_role
  FROM scrim_waitlist w JOIN users u ON u.id = w.user_id
  WHERE w.scrim_id = p_scrim
    AND (NOT seat OR w.role = 'any' OR w.role = p_role::text)
    AND u.deleted_at IS NULL
    AND (u.cooldown_until IS NULL OR u.cooldown_until <= now())
    AND NOT ban_in_force(w.user_id)
    AND NOT EXISTS (SELECT 1 FROM scrim_participants p WHERE p.scrim_id = p_scrim AND p.user_id = w.user_id)
    AND NOT EXISTS (SELECT 1 FROM scrim_signups g WHERE g.scrim_id = p_scrim AND g.user_id = w.user_id)
  ORDER BY w.created_at, w.user_id
  LIMIT 1;
  IF promoted IS NULL THEN
    RETURN NULL;
  END IF;

  DELETE FROM scrim_waitlist WHERE scrim_id = p_scrim AND user_id = promoted;
  IF s.mode = 'balanced' THEN
    INSERT INTO scrim_signups (scrim_id, user_id, primary_role, secondary_role)
    SELECT p_scrim, promoted,
      coalesce(p_role::text, CASE WHEN entry_role <> 'any' THEN entry_role END, u.primary_role::text)::role_preference,
      u.secondary_role
    FROM users u WHERE u.id = promoted;
  END IF;
  IF seat THEN
    INSERT INTO scrim_participants (scrim_id, user_id, kind, team, role)
    VALUES (p_scrim, promoted, 'player', p_team, p_role);
    UPDATE scrims SET balanced_at = NULL, balance_blue_win_probability = NULL, balance_off_role = NULL
    WHERE id = p_scrim AND balanced_at IS NOT NULL;
    PERFORM scrim_settle_host(p_scrim, NULL);
  ELSE
    UPDATE scrims SET updated_at = now() WHERE id = p_scrim;
  END IF;
  RETURN promoted;
END
$$;
