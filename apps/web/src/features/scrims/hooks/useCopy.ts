import { useCallback } from 'react';
import { useAlert } from '../../alerts/alert-context';
import { SCRIM_TEXTS } from '../texts';

/** Copies a text and confirms with the clipboard message ('copied game link to clipboard!'…). */
export function useCopy() {
  const showAlert = useAlert();
  return useCallback(
    async (text: string, message: string) => {
      try {
        await navigator.clipboard.writeText(text);
        showAlert({ type: 'Success', message });
      } catch {
        showAlert({ type: 'Error', message: SCRIM_TEXTS.copyFailed });
      }
    },
    [showAlert],
  );
}
