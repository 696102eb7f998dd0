/**
 * The texts of the hub's frame, apart from texts.ts because the frame is in the first bundle; the
 * rest of the hub (filters, tiles, sections) reads SCRIM_TEXTS.hub.
 */
export const HUB_TEXTS = {
  hubTitle: 'Scrims Hub',
  welcome: (name: string) => `Welcome, ${name}`,
  refresh: 'Refresh',
  noScrimsHint: 'Try another region or date.',
} as const;
