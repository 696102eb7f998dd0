import { createContext, useContext } from 'react';

export type AlertType = 'Error' | 'Success' | 'Info';

export interface Alert {
  type: AlertType;
  /** A text, or anything with a message; shown by the catalogue's rule (message field, text, JSON, fallback). */
  message: unknown;
}

export const AlertContext = createContext<(alert: Alert) => void>(() => {});

/** Shows an alert in the top-centre snackbar for 6 seconds. */
export const useAlert = () => useContext(AlertContext);
