import { useEffect, useState } from 'react';
import type { NameAvailability, Region } from '@scrim-gym/shared';
import { api } from '../../../lib/api';

/** How long typing must pause before the name is asked about: one request per pause, not per key. */
export const NAME_CHECK_DEBOUNCE_MS = 300;

export type NameCheck =
  { status: 'idle' } | { status: 'checking' } | { status: 'available' } | { status: 'unavailable'; message: string };

/**
 * Whether the server would take `name` in `region`, asked once typing pauses. A newer name makes the answer
 * to an older one count for nothing (it may arrive later). A failed check says nothing: sign-up itself stays
 * the judge, so a network error never blocks the form.
 */
export function useNameAvailability({
  name,
  region,
  enabled,
}: {
  name: string;
  region: Region | '';
  enabled: boolean;
}) {
  const trimmed = name.trim();
  const asked = enabled && trimmed !== '' && region !== '' ? `${region} ${trimmed}` : null;
  const [answer, setAnswer] = useState<{ asked: string; check: NameCheck } | null>(null);

  useEffect(() => {
    if (asked === null) return;
    let stale = false;
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ name: trimmed, region });
      api
        .get<NameAvailability>(`/auth/name-availability?${query}`)
        .then((result) => {
          if (stale) return;
          setAnswer({
            asked,
            check: result.available
              ? { status: 'available' }
              : { status: 'unavailable', message: result.message ?? '' },
          });
        })
        .catch(() => !stale && setAnswer({ asked, check: { status: 'idle' } }));
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
    // `asked` holds `trimmed` and `region`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  if (asked === null) return { status: 'idle' } satisfies NameCheck;
  return answer?.asked === asked ? answer.check : ({ status: 'checking' } satisfies NameCheck);
}
