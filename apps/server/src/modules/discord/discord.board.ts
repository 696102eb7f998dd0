/**
 * The scrim board's announcements on the region's Discord channel, on the scrims' announcement machinery (one job
 * per post and key, discord.delivery.ts): a post whose poster asked for it, a booked series, each game going live
 * and the series' end (its score, or its cancellation). Each is a new message, as the scrims' are.
 *
 * - The board tells its followers after each commit (its lifecycle); this module schedules one
 *   'discord.board-announce' job per announcement, keyed `discord:post:<postId>`, `discord:series:<id>:booked`,
 *   `discord:series:<id>:game-<n>` or `discord:series:<id>:ended`, with `ifCompleted: 'keep'`: once per key across
 *   instances and restarts, whichever instance acted and whichever runner takes the job.
 * - A region without a webhook schedules nothing. A series' games and end are announced only to a channel that was
 *   told of its booking (its job exists), as a scrim's cancellation is.
 * - The job reads the board as a stranger does when it runs and posts only what is still true (a post taken down or
 *   taken meanwhile is not posted); never a tournament code, lobby name or password.
 */
import type { Region } from '@scrim-gym/shared';
import { findJobs, PermanentJobError, scheduleJob, type ClaimedJob, type JobContext } from '../../jobs/index.js';
import { readPublicPost, readPublicSeries, type BoardLifecycle } from '../board/index.js';
import {
  BOARD_ANNOUNCEMENTS,
  buildPostAnnouncement,
  buildSeriesAnnouncement,
  type BoardAnnouncement,
} from './discord.board-embeds.js';
import { deliverToRegion, siteUrl, type DiscordDeps } from './discord.delivery.js';
import { findWebhook } from './discord.repository.js';

export const DISCORD_BOARD_JOB = 'discord.board-announce';

interface BoardAnnouncePayload {
  announcement: BoardAnnouncement;
  /** The post's id for `post`, else the series'. */
  id: string;
  /** For `game`: the game's number. */
  number?: number;
}

export const boardAnnouncementKey = ({ announcement, id, number }: BoardAnnouncePayload) =>
  announcement === 'post'
    ? `discord:post:${id}`
    : `discord:series:${id}:${announcement === 'game' ? `game-${number}` : announcement}`;

/**
 * Due at once, and the same instant on every instance: a schedule of a pending job with another runAt would move it,
 * re-running one in flight (a second post), so two schedules of one key must ask for the same.
 */
const DUE_AT_ONCE = new Date(0);

async function scheduleBoardAnnouncement(deps: DiscordDeps, region: Region, payload: BoardAnnouncePayload) {
  const dedupeKey = boardAnnouncementKey(payload);
  const exists = async (key: string) => Boolean((await findJobs({ db: deps.db, dedupeKey: key }))[0]);
  // An announcement scheduled already (pending, running or done) is left alone.
  if (await exists(dedupeKey)) return;
  if (!(await findWebhook({ db: deps.db, region }))) return;
  const followsBooking = payload.announcement === 'game' || payload.announcement === 'ended';
  if (followsBooking && !(await exists(boardAnnouncementKey({ announcement: 'booked', id: payload.id })))) return;
  await scheduleJob({
    db: deps.db,
    kind: DISCORD_BOARD_JOB,
    runAt: DUE_AT_ONCE,
    payload: { ...payload },
    dedupeKey,
    ifCompleted: 'keep',
  });
  deps.jobs?.wake();
}

/** Follows the board: each event that calls for an announcement schedules its job (nothing is sent here). */
export function followBoard(
  deps: DiscordDeps,
  board: BoardLifecycle,
  quietly: (work: () => Promise<unknown>) => Promise<void>,
) {
  board.on('postCreated', ({ postId, region, announce }) =>
    announce ? quietly(() => scheduleBoardAnnouncement(deps, region, { announcement: 'post', id: postId })) : undefined,
  );
  board.on('seriesBooked', ({ seriesId, region }) =>
    quietly(() => scheduleBoardAnnouncement(deps, region, { announcement: 'booked', id: seriesId })),
  );
  board.on('gameStarted', ({ seriesId, region, number }) =>
    quietly(() => scheduleBoardAnnouncement(deps, region, { announcement: 'game', id: seriesId, number })),
  );
  board.on('seriesEnded', ({ seriesId, region }) =>
    quietly(() => scheduleBoardAnnouncement(deps, region, { announcement: 'ended', id: seriesId })),
  );
}

function payloadOf(job: ClaimedJob): BoardAnnouncePayload {
  const { announcement, id, number } = job.payload as Partial<BoardAnnouncePayload>;
  if (
    typeof id !== 'string' ||
    !BOARD_ANNOUNCEMENTS.includes(announcement as BoardAnnouncement) ||
    (announcement === 'game' && typeof number !== 'number')
  )
    throw new PermanentJobError(`job ${job.id} has no board announcement`);
  return { announcement: announcement!, id, number };
}

/**
 * 'discord.board-announce': posts one board announcement to its region's webhook, as the post or series is now;
 * nothing when it no longer applies. At least once, as the scrims' posts.
 */
export async function handleBoardAnnounceJob(deps: DiscordDeps, job: ClaimedJob, context?: Pick<JobContext, 'signal'>) {
  const { announcement, id, number } = payloadOf(job);
  const site = siteUrl(deps.config);
  if (announcement === 'post') {
    const post = await readPublicPost({ db: deps.db, postId: id });
    const payload = post && buildPostAnnouncement(post, { link: `${site}/board` });
    if (!post || !payload) return;
    await deliverToRegion({ deps, region: post.region, payload, what: 'post', signal: context?.signal });
    return;
  }
  const series = await readPublicSeries({ db: deps.db, seriesId: id });
  const payload = series && buildSeriesAnnouncement(series, announcement, { link: `${site}/series/${id}`, number });
  if (!series || !payload) return;
  await deliverToRegion({
    deps,
    region: series.region,
    payload,
    what: `series ${announcement}`,
    signal: context?.signal,
  });
}
