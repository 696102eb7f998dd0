-- Issue 17: the show-up rules in SQL (filled in by the waitlist work)
SELECT 1;
