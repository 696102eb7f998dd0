/** A scrim's page; its share link is the origin plus this path. */
export const scrimPath = (id: string) => `/scrims/${id}`;
export const scrimEditPath = (id: string) => `/scrims/${id}/edit`;
/** A team series' page (the board feature's route). */
export const seriesPath = (id: string) => `/series/${id}`;
/** A scrim's draft as a stream overlay (wide, no controls). */
export const draftOverlayPath = (id: string) => `/scrims/${id}/draft/overlay`;
