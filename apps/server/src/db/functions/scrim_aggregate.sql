-- Everything a scrim's presentation needs (ScrimAggregate), or null when there is no such scrim: the scrim, its
-- participants (each with its 'placed' flag), sign-ups, waitlist, substitutes and tournament, and the team series it
-- is a game of (null for any other scrim): its number, the format, the game's two teams (blue first) and the users
-- on their rosters or lineups (series_roster_ids). Rows as to_json writes them (column names, ISO instants);
-- plpgsql, so that each session plans it once.
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
        FROM result_disputes d WHERE d.scrim_id = s.id AND d.resolved_at IS NULL),
      'series', (
        SELECT json_build_object('id', g.series_id, 'number', g.number, 'format', r.format,
          'teams', coalesce((
            SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'tag', t.tag) ORDER BY k.side)
            FROM (VALUES (g.blue_team_id, 0), (g.red_team_id, 1)) AS k(team_id, side)
            JOIN teams t ON t.id = k.team_id), '[]'),
          'roster_ids', to_json(series_roster_ids(s.id)))
        FROM series_games g JOIN series r ON r.id = g.series_id WHERE g.scrim_id = s.id))
    FROM scrims s WHERE s.id = p_scrim);
END
$$;
