-- The users a team series' game belongs to: everyone on either team's roster or in either lineup of its series (a
-- lineup outlives a member's leave until it is set again). They neither cast the game (scrim_slot_change: a caster
-- sees both sides' lobby, a player watching the opponents could ghost them) nor run it as a community host (the
-- shared rule canRunScrim, fed by scrim_aggregate and the scrims' locked change). Empty for any other scrim.
CREATE OR REPLACE FUNCTION series_roster_ids(p_scrim uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT x.user_id ORDER BY x.user_id), '{}') FROM (
    SELECT m.user_id FROM series_games g
    JOIN series_teams t ON t.series_id = g.series_id
    JOIN team_members m ON m.team_id = t.team_id
    WHERE g.scrim_id = p_scrim
    UNION ALL
    SELECT l.user_id FROM series_games g
    JOIN series_lineups l ON l.series_id = g.series_id
    WHERE g.scrim_id = p_scrim
  ) x
$$;
