-- The few deleted accounts, for the leaderboard's ranks: a rank is the count of the board index's range less the
-- deleted accounts in it, found here instead of joining every row of the range to users.
CREATE INDEX "users_deleted_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;
