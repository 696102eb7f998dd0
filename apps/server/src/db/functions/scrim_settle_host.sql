-- The lobby host rule (reference facts), run after every change of a scrim's participants: a host who left
-- (p_left) is cleared; with both teams full (ten players: one per team and role) and no host, one of the ten is
-- picked with gen_random_uuid(), a cryptographically strong source. Stamps updated_at.
CREATE OR REPLACE FUNCTION scrim_settle_host(p_scrim uuid, p_left uuid) RETURNS void LANGUAGE plpgsql AS $$
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
$$;
