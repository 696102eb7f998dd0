-- Summoner names' look-alike key now also folds removed spaces and punctuation, accents and digits read as
-- letters. The key is computed in the application (lib/lookalike.ts), so this clears it: the start-up step
-- (db/backfill-lookalike-keys.ts) computes every account's again, oldest first. An account whose new key an
-- older one holds keeps its name with no key and is reported; nothing here can fail on existing names.
UPDATE "users" SET "name_skeleton" = NULL WHERE "name_skeleton" IS NOT NULL;
