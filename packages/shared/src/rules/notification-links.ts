/**
 * Where a 'series_alert' leads, in the app and from a push: its series' page, else the scrim board. A module of its
 * own, without the contract's schemas: the notification bell is on every page, and importing a value from a schema
 * module brings zod into the first visit.
 */
export const seriesAlertPath = (notification: { _relatedSeries: { _id: string } | null }) =>
  notification._relatedSeries ? `/series/${notification._relatedSeries._id}` : '/board';
