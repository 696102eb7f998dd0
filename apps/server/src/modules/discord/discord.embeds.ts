/**
 * What a region's Discord channel is told about a public scrim, as Discord's webhook payload: one embed with the
 * scrim's link, and `allowed_mentions.parse = []` so that nothing in a title or a name pings anyone. Never the
 * lobby name, password or tournament code. Texts are escaped (Discord markdown) and cut to Discord's limits.
 */
import { DISCORD_MESSAGES, ROLES, TEAMS, teamDisplayName, freeRoles, type TeamName } from '@scrim-gym/shared';
import type { ScrimAggregate } from '../scrims/index.js';

export const ANNOUNCEMENTS = ['created', 'spots-left', 'full', 'result', 'cancelled'] as const;
export type Announcement = (typeof ANNOUNCEMENTS)[number];

/** Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const EMBED_LIMITS = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024 } as const;

export const COLORS: Record<Announcement, number> = {
  created: 0x5865f2,
  'spots-left': 0xf0b232,
  full: 0x23a55a,
  result: 0xf1c40f,
  cancelled: 0xda373c,
};

export interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface WebhookPayload {
  embeds: [{ title: string; url: string; description: string; color: number; fields: EmbedField[]; timestamp: string }];
  allowed_mentions: { parse: [] };
}

/** Discord markdown characters escaped, so a title like `**x**` or a name with `_` shows as typed. */
export const escapeMarkdown = (text: string) => text.replace(/[\\*_~`|>#[\]()<-]/g, '\\$&');

/** Cut to `max` characters with an ellipsis, never in the middle of an escape. */
export function clip(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1).replace(/\\$/, '');
  return `${cut}…`;
}

/** Discord shows `<t:unix:F>` in each reader's own time zone and language. */
export const discordTime = (date: Date, style: 'F' | 'R') => `<t:${Math.floor(date.getTime() / 1000)}:${style}>`;

const playersOf = ({ participants }: Pick<ScrimAggregate, 'participants'>) =>
  participants.filter((p) => p.kind === 'player');
export const playerCount = (aggregate: Pick<ScrimAggregate, 'participants'>) => playersOf(aggregate).length;

const SLOT_COUNT = TEAMS.length * ROLES.length;

/** Whether the scrim may be announced at all: public, not cancelled or abandoned. */
export const isAnnounceable = ({ scrim }: Pick<ScrimAggregate, 'scrim'>) =>
  !scrim.isPrivate && !scrim.cancelledAt && !scrim.abandonedAt;

/** A public scrim that was cancelled: the channel that was told of it is told it will not happen. */
export const isCancelledPublicly = ({ scrim }: Pick<ScrimAggregate, 'scrim'>) =>
  !scrim.isPrivate && Boolean(scrim.cancelledAt);

function teamLines(aggregate: ScrimAggregate, team: TeamName) {
  const players = playersOf(aggregate).filter((p) => p.team === team);
  return ROLES.map((role) => {
    const player = players.find((p) => p.role === role);
    return `${role}: ${player ? escapeMarkdown(`${player.user.name}#${player.user.summonerTagline}`) : '—'}`;
  }).join('\n');
}

export interface AnnouncementOptions {
  /** The scrim page's address (PUBLIC_URL + /scrims/:id). */
  link: string;
  /** For `result`: the winner this post announces. */
  team?: TeamName;
  /** For `result`: an earlier post announced another winner (the result was changed). */
  corrected?: boolean;
  now?: Date;
}

/**
 * The post for `announcement`, or null when the scrim no longer fits it (it went private, was cancelled, filled up
 * before its "spots left" post, or its result changed again): the job then posts nothing.
 */
export function buildAnnouncement(
  aggregate: ScrimAggregate,
  announcement: Announcement,
  { link, team, corrected = false, now = new Date() }: AnnouncementOptions,
): WebhookPayload | null {
  if (announcement === 'cancelled' ? !isCancelledPublicly(aggregate) : !isAnnounceable(aggregate)) return null;
  const { scrim } = aggregate;
  const players = playerCount(aggregate);
  const title = escapeMarkdown(scrim.title);
  const start = `${discordTime(scrim.gameStartTime, 'F')} (${discordTime(scrim.gameStartTime, 'R')})`;
  const base = [
    { name: 'Region', value: scrim.region, inline: true },
    { name: 'Players', value: `${players}/${SLOT_COUNT}`, inline: true },
  ];
  let heading: string;
  let description: string;
  let fields: EmbedField[];
  switch (announcement) {
    case 'created':
      heading = `New scrim: ${title}`;
      description = `Starts ${start}. Join it on Scrim Gym.`;
      fields = base;
      break;
    case 'spots-left': {
      const free = SLOT_COUNT - players;
      if (scrim.teamWon || free < 1 || free > 2) return null;
      heading = `${free} ${free === 1 ? 'spot' : 'spots'} left: ${title}`;
      description = `Starts ${start}. Grab a spot before it fills up!`;
      const open = TEAMS.map((t) => ({ t, roles: freeRoles(playersOf(aggregate), t) }))
        .filter(({ roles }) => roles.length > 0)
        .map(({ t, roles }) => `${teamDisplayName(t)}: ${roles.join(', ')}`);
      fields = [...base, { name: 'Open roles', value: open.join('\n') }];
      break;
    }
    case 'full':
      if (scrim.teamWon || players < SLOT_COUNT) return null;
      heading = `Lobby full: ${title}`;
      description = `All ${SLOT_COUNT} players are in. Starts ${start}.`;
      fields = [
        ...base,
        ...TEAMS.map((t) => ({ name: teamDisplayName(t), value: teamLines(aggregate, t), inline: true })),
      ];
      break;
    case 'result':
      if (!team || scrim.teamWon !== team || scrim.resultStatus !== 'confirmed') return null;
      heading = `${corrected ? 'Result corrected' : 'Result'}: ${title}`;
      description = `${teamDisplayName(team)} won.`;
      fields = [
        { name: 'Region', value: scrim.region, inline: true },
        { name: 'Winner', value: teamDisplayName(team), inline: true },
        { name: `${teamDisplayName(team)}`, value: teamLines(aggregate, team) },
      ];
      break;
    case 'cancelled':
      heading = `Cancelled: ${title}`;
      description = `The scrim planned for ${start} will not take place.`;
      fields = [
        { name: 'Region', value: scrim.region, inline: true },
        ...(scrim.cancelReason ? [{ name: 'Reason', value: escapeMarkdown(scrim.cancelReason) }] : []),
      ];
      break;
  }
  return embedPayload({ heading, link, description, color: COLORS[announcement], fields, now });
}

/** An admin's test message to a region's webhook: what the channel will get, and nothing of any scrim. */
export const testPayload = ({ region, link, now = new Date() }: { region: string; link: string; now?: Date }) =>
  embedPayload({
    heading: DISCORD_MESSAGES.testTitle,
    link,
    description: DISCORD_MESSAGES.testDescription(region),
    color: COLORS.created,
    fields: [{ name: 'Region', value: region, inline: true }],
    now,
  });

export function embedPayload({
  heading,
  link,
  description,
  color,
  fields,
  now,
}: {
  heading: string;
  link: string;
  description: string;
  color: number;
  fields: EmbedField[];
  now: Date;
}): WebhookPayload {
  return {
    embeds: [
      {
        title: clip(heading, EMBED_LIMITS.title),
        url: link,
        description: clip(description, EMBED_LIMITS.description),
        color,
        fields: fields.slice(0, EMBED_LIMITS.fields).map((field) => ({
          ...field,
          name: clip(field.name, EMBED_LIMITS.fieldName),
          value: clip(field.value, EMBED_LIMITS.fieldValue),
        })),
        timestamp: now.toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
