import { useCallback } from 'react';
import { useAlert } from './alert-context';

export const COPY_FAILED = 'Could not copy to the clipboard';

/** Copies a text and confirms with `message` ('copied game link to clipboard!'…) in the snackbar. */
export function useCopy() {
  const showAlert = useAlert();
  return useCallback(
    async (text: string, message: string) => {
      try {
        await navigator.clipboard.writeText(text);
        showAlert({ type: 'Success', message });
      } catch {
        showAlert({ type: 'Error', message: COPY_FAILED });
      }
    },
    [showAlert],
  );
}
