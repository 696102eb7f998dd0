import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { AlertContext, type Alert } from './alert-context';

// Loaded with the first alert: a visitor's first page does not pay for the snackbar.
const AlertSnackbar = lazy(() => import('./AlertSnackbar').then((m) => ({ default: m.AlertSnackbar })));

export function AlertProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Alert & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((alert: Alert) => {
    setCurrent({ ...alert, key: Date.now() });
    setOpen(true);
  }, []);

  return (
    <AlertContext.Provider value={show}>
      {children}
      {current && (
        <Suspense>
          <AlertSnackbar alert={current} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}
