/**
 * What a region's Discord channel is told about the scrim board: a post its poster asked to announce, a booked
 * series, each game going live and the series' end (its score, or its cancellation). Built from what a stranger
 * reads (board.public.ts), so never a tournament code, lobby name or password; user texts escaped, nothing pings.
 */
import { DISCORD_MESSAGES as M, type ScrimPost, type Series } from '@scrim-gym/shared';
import {
  COLORS,
  discordTime,
  embedPayload,
  escapeMarkdown,
  type EmbedField,
  type WebhookPayload,
} from './discord.embeds.js';

export const BOARD_ANNOUNCEMENTS = ['post', 'booked', 'game', 'ended'] as const;
export type BoardAnnouncement = (typeof BOARD_ANNOUNCEMENTS)[number];

const when = (iso: string) => {
  const date = new Date(iso);
  return `${discordTime(date, 'F')} (${discordTime(date, 'R')})`;
};
const regionField = (region: string): EmbedField => ({ name: M.fieldRegion, value: region, inline: true });
const formatOf = ({ format, fearless }: Pick<Series, 'format' | 'fearless'>) =>
  fearless ? `${M.seriesFormats[format]} (${M.fearless})` : M.seriesFormats[format];

/** An announced post, while it is open and to come; null otherwise (taken down, taken, started: nothing is posted). */
export function buildPostAnnouncement(
  post: ScrimPost & { announce: boolean },
  { link, now = new Date() }: { link: string; now?: Date },
): WebhookPayload | null {
  if (!post.announce || post.status !== 'open' || Date.parse(post.startsAt) <= now.getTime()) return null;
  const fields: EmbedField[] = [
    regionField(post.region),
    { name: M.fieldTeamRank, value: post.team.rank, inline: true },
    { name: M.fieldWanted, value: post.rankMin || post.rankMax ? M.rankRange(post.rankMin, post.rankMax) : M.anyRank },
    ...(post.note ? [{ name: M.fieldNote, value: escapeMarkdown(post.note) }] : []),
  ];
  return embedPayload({
    heading: M.postTitle(escapeMarkdown(post.team.name), post.team.tag),
    link,
    description: M.postDescription(formatOf(post), when(post.startsAt)),
    color: COLORS.created,
    fields,
    now,
  });
}

const tagOf = (series: Series, teamId: string | null | undefined) =>
  series.teams.find((side) => side.team && side.team._id === teamId)?.team?.tag ?? '?';
/** The teams' tags and scores, blue side of game 1 first. */
const sidesOf = (series: Series) => series.teams.map((side) => ({ tag: side.team?.tag ?? '?', side }));
const scoreOf = (series: Series) => series.teams.map((side) => side.score).join('–');

/**
 * A series' announcement, or null when the series no longer fits it: `booked` unless it was cancelled meanwhile;
 * `game` (game `number`) once that game is live or played, the series not cancelled; `ended` once the series is
 * finished (its score) or cancelled (with the reason).
 */
export function buildSeriesAnnouncement(
  series: Series,
  announcement: Exclude<BoardAnnouncement, 'post'>,
  { link, number, now = new Date() }: { link: string; number?: number; now?: Date },
): WebhookPayload | null {
  const [blue, red] = sidesOf(series);
  if (!blue || !red) return null;
  const base = { link, now };
  switch (announcement) {
    case 'booked':
      if (series.status === 'cancelled') return null;
      return embedPayload({
        ...base,
        heading: M.bookedTitle(blue.tag, red.tag),
        description: M.seriesLine(blue.tag, red.tag, formatOf(series), when(series.startsAt)),
        color: COLORS.created,
        fields: [regionField(series.region)],
      });
    case 'game': {
      const game = series.games.find((g) => g.number === number);
      if (!game || series.status === 'cancelled' || (game.status !== 'live' && game.status !== 'finished')) return null;
      const score = scoreOf(series);
      return embedPayload({
        ...base,
        heading: M.gameLiveTitle(game.number, tagOf(series, game.blueTeamId), tagOf(series, game.redTeamId)),
        description: M.gameLiveDescription(game.number, `${blue.tag} ${score} ${red.tag}`),
        color: COLORS.full,
        fields: [regionField(series.region), { name: M.fieldScore, value: score, inline: true }],
      });
    }
    case 'ended':
      if (series.status === 'cancelled') {
        return embedPayload({
          ...base,
          heading: M.seriesCancelledTitle(blue.tag, red.tag),
          description: M.seriesCancelledDescription(when(series.startsAt)),
          color: COLORS.cancelled,
          fields: [
            regionField(series.region),
            ...(series.cancel?.reason ? [{ name: M.fieldReason, value: escapeMarkdown(series.cancel.reason) }] : []),
          ],
        });
      }
      if (series.status !== 'finished') return null;
      return embedPayload({ ...base, ...resultOf(series), color: COLORS.result });
  }
}

/** The winner's tag and score first; a level series (a bo2, or N games) is a draw. */
function resultOf(series: Series) {
  const [ahead, behind] = [...series.teams].sort((a, b) => b.score - a.score);
  const line = `${ahead!.team?.tag ?? '?'} ${ahead!.score}–${behind!.score} ${behind!.team?.tag ?? '?'}`;
  const score = `${ahead!.score}–${behind!.score}`;
  const drawn = ahead!.score === behind!.score;
  return {
    heading: M.resultTitle(line),
    description: drawn
      ? M.resultDrawn(formatOf(series), score)
      : M.resultWon(escapeMarkdown(ahead!.team?.name ?? '?'), formatOf(series), score),
    fields: [regionField(series.region), { name: M.fieldScore, value: line, inline: true }],
  };
}
