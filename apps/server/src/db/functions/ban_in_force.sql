-- Whether a user has a ban in force now: flagged active, begun and not over. The one rule of a ban for every query
-- (the slot statement's substitute, the waitlist promotion, fill-random's draw, a host's appointment, the sessions
-- a ban ends); a ban row already read is judged by the same rule in TypeScript (auth/auth.policy.ts isBanInForce).
CREATE OR REPLACE FUNCTION ban_in_force(p_user uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM bans WHERE user_id = p_user AND is_active AND date_from <= now() AND date_to > now())
$$;
