import {
  ANNOUNCED_POSTS_PER_WINDOW,
  ANNOUNCED_POSTS_WINDOW_HOURS,
  BOARD_MESSAGES,
  SCRIM_POST_MAX_LEAD_DAYS,
  SCRIM_POST_MIN_LEAD_MINUTES,
  type Region,
} from '@scrim-gym/shared';
import type { DbOrTx, Transaction } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Viewer } from '../auth/index.js';
import { assertTeamCaptain, membershipOf } from '../teams/index.js';
import { countAnnouncedPosts, lockAnnouncers, type ScrimPostRow, type ScrimRequestRow } from './board.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/*
 * Who acts for a team on the board is its captain (teams' assertTeamCaptain, admins included: they have no team
 * powers). The rules below are the board's own: what state a post and a request must be in, and when a post may start.
 */

/** A post starts at least 30 minutes and at most 30 days from now (the server's clock). */
export function assertStartWindow(startsAt: Date, now: number) {
  if (startsAt.getTime() < now + SCRIM_POST_MIN_LEAD_MINUTES * MINUTE)
    throw badRequest(BOARD_MESSAGES.startTooSoon, 'START_TOO_SOON');
  if (startsAt.getTime() > now + SCRIM_POST_MAX_LEAD_DAYS * DAY)
    throw badRequest(BOARD_MESSAGES.startTooFar, 'START_TOO_FAR');
}

/** A team posts only in its own region: its players' accounts are on that server. */
export function assertPostRegion(teamRegion: Region, region: Region) {
  if (teamRegion !== region) throw conflict(BOARD_MESSAGES.postRegionMismatch, 'TEAM_WRONG_REGION');
}

/** Asked for, accepted or declined only while open and not yet started. */
export function assertPostOpen(post: ScrimPostRow, now: number) {
  if (post.status !== 'open') throw conflict(BOARD_MESSAGES.postClosed, 'SCRIM_POST_CLOSED');
  if (post.startsAt.getTime() <= now) throw conflict(BOARD_MESSAGES.postStarted, 'SCRIM_POST_CLOSED');
}

/** Another team's post, of the requesting team's region. */
export function assertMayAsk({ post, teamId, teamRegion }: { post: ScrimPostRow; teamId: string; teamRegion: Region }) {
  if (post.teamId === teamId) throw conflict(BOARD_MESSAGES.ownPost, 'OWN_SCRIM_POST');
  if (post.region !== teamRegion) throw conflict(BOARD_MESSAGES.teamWrongRegion(post.region), 'TEAM_WRONG_REGION');
}

/** A request is answered or withdrawn once, while open. */
export function assertRequestOpen(request: ScrimRequestRow) {
  if (request.status !== 'open') throw conflict(BOARD_MESSAGES.requestClosed, 'SCRIM_REQUEST_CLOSED');
}

/** 403 unless the viewer captains the team. */
export async function assertCaptainOf({ db, teamId, viewer }: { db: DbOrTx; teamId: string; viewer: Viewer }) {
  assertTeamCaptain(await membershipOf({ db, teamId, userId: viewer.id }));
}

/**
 * A post announced on the region's Discord channel: the channel is the whole region's, so a team has one announced
 * post open at a time (409 ANNOUNCED_POST_OPEN), and a team or a captain at most ANNOUNCED_POSTS_PER_WINDOW announced
 * posts in ANNOUNCED_POSTS_WINDOW_HOURS, those taken down included (409 ANNOUNCE_LIMIT): taking a post down and
 * posting it again does not post again and again. Two posts at once queue on the team's and the captain's rows.
 */
export async function assertMayAnnounce({
  tx,
  teamId,
  viewer,
  now,
}: {
  tx: Transaction;
  teamId: string;
  viewer: Viewer;
  now: number;
}) {
  await lockAnnouncers({ tx, teamId, userId: viewer.id });
  const since = new Date(now - ANNOUNCED_POSTS_WINDOW_HOURS * HOUR);
  const counted = await countAnnouncedPosts({ db: tx, teamId, userId: viewer.id, since, now: new Date(now) });
  if (counted.open > 0) throw conflict(BOARD_MESSAGES.announcedPostOpen, 'ANNOUNCED_POST_OPEN');
  if (counted.recent >= ANNOUNCED_POSTS_PER_WINDOW) throw conflict(BOARD_MESSAGES.announceLimit, 'ANNOUNCE_LIMIT');
}
