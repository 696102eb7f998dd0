import { Substitutions } from './Substitutions';
import { WaitlistPanel } from './WaitlistPanel';
import type { ScrimView } from './scrim-view-context';

/** Under the teams of an expanded card: the substitutions made, then the waitlist. */
export function ShowUpRows({ view }: { view: ScrimView }) {
  return (
    <>
      <Substitutions view={view} />
      <WaitlistPanel view={view} />
    </>
  );
}
