import type { DraftAbilities, DraftSide, DraftState } from '@scrim-gym/shared';

/** The Data Dragon the draft tests' server answers, and its champion list's URL. */
export const DRAFT_DDRAGON = { version: '14.24.1', baseUrl: 'http://dd.test/' };
export const CHAMPIONS_URL = 'http://dd.test/cdn/14.24.1/data/en_US/champion.json';

const champion = (id: string, name: string, tags: string[]) => ({ id, key: '0', name, title: '', tags });

/** A small champion.json: display names differ from keys (Wukong, Kai'Sa, Lee Sin). */
export const championFile = {
  type: 'champion',
  version: DRAFT_DDRAGON.version,
  data: Object.fromEntries(
    [
      champion('Ahri', 'Ahri', ['Mage', 'Assassin']),
      champion('Garen', 'Garen', ['Fighter', 'Tank']),
      champion('Jinx', 'Jinx', ['Marksman']),
      champion('Kaisa', "Kai'Sa", ['Marksman']),
      champion('LeeSin', 'Lee Sin', ['Fighter', 'Assassin']),
      champion('Leona', 'Leona', ['Tank', 'Support']),
      champion('MonkeyKing', 'Wukong', ['Fighter', 'Tank']),
      champion('Syndra', 'Syndra', ['Mage']),
      champion('Thresh', 'Thresh', ['Support', 'Fighter']),
      champion('Zed', 'Zed', ['Assassin']),
    ].map((c) => [c.id, c]),
  ),
};

/** The API paths the draft's champions need: the server's Data Dragon, then its champion list. */
export const championHandlers = {
  'GET /riot/ddragon-version': DRAFT_DDRAGON,
  [`GET ${CHAMPIONS_URL}`]: championFile,
};

/** A draft as GET /api/scrims/:id/draft answers it: waiting, nobody ready, no drafter, unless told otherwise. */
export function makeDraft(scrimId: string, overrides: Partial<DraftState> = {}): DraftState {
  return {
    scrimId,
    mode: 'tournament',
    status: 'waiting',
    version: 1,
    timerSeconds: 30,
    ready: { blue: false, red: false },
    drafters: { blue: null, red: null },
    blue: { bans: [], picks: [] },
    red: { bans: [], picks: [] },
    unavailable: [],
    championsAvailable: true,
    ...overrides,
  };
}

/**
 * What the server answers a viewer may do (`DraftState.can`): nothing, unless told otherwise. `ready` and
 * `chooseDrafter` name the sides granted, e.g. `abilities({ ready: ['red'], hover: true })`.
 */
export function abilities({
  ready = [],
  chooseDrafter = [],
  reset = null,
  hover = false,
  lock = false,
}: {
  ready?: DraftSide[];
  chooseDrafter?: DraftSide[];
  reset?: DraftAbilities['reset'];
  hover?: boolean;
  lock?: boolean;
} = {}): DraftAbilities {
  const bySide = (sides: DraftSide[]) => ({ blue: sides.includes('blue'), red: sides.includes('red') });
  return { ready: bySide(ready), chooseDrafter: bySide(chooseDrafter), reset, hover, lock };
}

/** In seconds from now, as the server's `endsAt`. */
export const endsIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
