/** Replays a season's ratings after an earlier result changed (payload-free; one job per season, by its key). */
export const RATING_REPLAY_JOB = 'ratings.replay';
