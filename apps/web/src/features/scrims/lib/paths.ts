/** A scrim's page; its share link is the origin plus this path. */
export const scrimPath = (id: string) => `/scrims/${id}`;
export const scrimEditPath = (id: string) => `/scrims/${id}/edit`;
