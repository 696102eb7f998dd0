import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  SCRIM_ABANDON_AFTER_MS,
  type Role,
  type TeamName,
} from '../../constants.js';
import { teamDisplayName } from '../../rules/team-names.js';

/** How the feed's owner is in a scrim (a player's slot, or their place around it). */
export type CalendarInvolvement =
  | { kind: 'player'; team: TeamName; role: Role }
  | { kind: 'caster' }
  | { kind: 'signedUp' }
  | { kind: 'waitlisted' }
  | { kind: 'host' }
  /** A game of a team series: the team the owner plays for (`role`) or captains (`role` null). */
  | { kind: 'series'; team: string; role: Role | 'Sub' | null };

/**
 * Calendar texts: what the .ics files say (event titles, descriptions, reminders) and the refusals of
 * the calendar routes. Lobby names, passwords and tournament codes never appear in a calendar.
 */
export const CALENDAR_MESSAGES = {
  feedNotFound: 'This calendar address does not exist (it may have been reset).',
  calendarName: 'Scrim Gym',
  calendarDescription: 'Every scrim you are in on Scrim Gym.',
  cancelledSummary: (title: string) => `Cancelled: ${title}`,
  abandonedSummary: (title: string) => `Abandoned: ${title}`,
  waitlistedSummary: (title: string) => `${title} (waitlist)`,
  location: (region: string) => `${region} (League of Legends)`,
  scrimIn: (region: string) => `Scrim Gym scrim on ${region}.`,
  involvement: (involvement: CalendarInvolvement): string => {
    switch (involvement.kind) {
      case 'player':
        return `You play ${involvement.role} for ${teamDisplayName(involvement.team)}.`;
      case 'caster':
        return 'You cast it.';
      case 'signedUp':
        return 'You are signed up; the teams are balanced before the start.';
      case 'waitlisted':
        return 'You are on the waitlist: you get a slot if a player leaves.';
      case 'host':
        return 'You host it.';
      case 'series':
        if (involvement.role === null) return `You captain ${involvement.team}.`;
        if (involvement.role === 'Sub') return `You are a substitute for ${involvement.team}.`;
        return `You play ${involvement.role} for ${involvement.team}.`;
    }
  },
  checkIn: `Check in on Scrim Gym between ${CHECK_IN_OPENS_MINUTES} and ${CHECK_IN_CLOSES_MINUTES} minutes before the start.`,
  cancelledBecause: (reason: string) => `Cancelled: ${reason}`,
  cancelled: 'This scrim was cancelled.',
  abandoned: `This scrim was abandoned: it was not full ${SCRIM_ABANDON_AFTER_MS / 60_000} minutes after its start.`,
  link: (url: string) => `Open the scrim: ${url}`,
  seriesLink: (url: string) => `Open the series: ${url}`,
  checkInOpensAlarm: (title: string) => `Check-in for ${title} is open`,
  startsInAlarm: (title: string, minutes: number) => `${title} starts in ${minutes} minutes`,
} as const;

/** Texts of the Settings page's calendar feed. */
export const CALENDAR_TEXTS = {
  title: 'Calendar',
  explanation:
    'Subscribe to this address in Google Calendar, Apple Calendar or Outlook; it lists every scrim you are in and updates when times change.',
  addressLabel: 'Calendar address',
  loading: 'Loading…',
  copy: 'Copy calendar address',
  copied: 'Calendar address copied to clipboard!',
  reset: 'Reset address',
  resetTitle: 'Reset the calendar address?',
  resetText:
    'The old address stops working at once: calendars subscribed to it stop updating. Subscribe again with the new address.',
  resetDone: 'Your calendar has a new address.',
  subscribe: 'Subscribe in your calendar app',
  google: 'Add to Google Calendar',
} as const;
