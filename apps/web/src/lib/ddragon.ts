/**
 * Data Dragon, Riot's static files: every URL of one is built here, from the origin and version the server gives
 * (GET /api/riot/ddragon-version: `{ version, baseUrl }`, baseUrl = DDRAGON_BASE_URL), never a hard-coded host.
 * Items come by id, champions by key (`MonkeyKing`); summoner spells and keystones need the tables below (match-v5
 * gives their ids, Data Dragon names files by key or path). An id missing from a table has no URL: the caller
 * shows its text fallback.
 */
export const DDRAGON_PUBLIC_ORIGIN = 'https://ddragon.leagueoflegends.com';

/** Where and which Data Dragon to load from. */
export interface Ddragon {
  base: string;
  version: string;
}

/** The server's answer as a Data Dragon to build URLs from: its origin without a trailing slash. */
export const toDdragon = ({ version, baseUrl }: { version: string; baseUrl?: string | undefined }): Ddragon => ({
  base: (baseUrl || DDRAGON_PUBLIC_ORIGIN).replace(/\/+$/, ''),
  version,
});

const cdn = ({ base, version }: Ddragon) => `${base}/cdn/${encodeURIComponent(version)}`;

export const profileIconUrl = (dd: Ddragon, iconId: number) => `${cdn(dd)}/img/profileicon/${iconId}.png`;

export const championIconUrl = (dd: Ddragon, championKey: string) =>
  `${cdn(dd)}/img/champion/${encodeURIComponent(championKey)}.png`;

/** An item's icon; 0 (an empty slot) has none. */
export const itemIconUrl = (dd: Ddragon, itemId: number) => (itemId > 0 ? `${cdn(dd)}/img/item/${itemId}.png` : null);

/** Summoner spells by id: Data Dragon's key (the file name) and the name players know. */
export const SUMMONER_SPELLS: Readonly<Record<number, { key: string; name: string }>> = {
  1: { key: 'SummonerBoost', name: 'Cleanse' },
  3: { key: 'SummonerExhaust', name: 'Exhaust' },
  4: { key: 'SummonerFlash', name: 'Flash' },
  6: { key: 'SummonerHaste', name: 'Ghost' },
  7: { key: 'SummonerHeal', name: 'Heal' },
  11: { key: 'SummonerSmite', name: 'Smite' },
  12: { key: 'SummonerTeleport', name: 'Teleport' },
  13: { key: 'SummonerMana', name: 'Clarity' },
  14: { key: 'SummonerDot', name: 'Ignite' },
  21: { key: 'SummonerBarrier', name: 'Barrier' },
  32: { key: 'SummonerSnowball', name: 'Mark' },
  2201: { key: 'SummonerCherryHold', name: 'Flee' },
  2202: { key: 'SummonerCherryFlash', name: 'Flash' },
};

export const spellName = (spellId: number) => SUMMONER_SPELLS[spellId]?.name ?? `Spell ${spellId}`;

export const spellIconUrl = (dd: Ddragon, spellId: number) => {
  const spell = SUMMONER_SPELLS[spellId];
  return spell ? `${cdn(dd)}/img/spell/${spell.key}.png` : null;
};

/** Keystone runes by id: their icon's path under Data Dragon's unversioned `cdn/img/` and their name. */
export const KEYSTONES: Readonly<Record<number, { path: string; name: string }>> = {
  8005: { path: 'perk-images/Styles/Precision/PressTheAttack/PressTheAttack.png', name: 'Press the Attack' },
  8008: { path: 'perk-images/Styles/Precision/LethalTempo/LethalTempoTemp.png', name: 'Lethal Tempo' },
  8021: { path: 'perk-images/Styles/Precision/FleetFootwork/FleetFootwork.png', name: 'Fleet Footwork' },
  8010: { path: 'perk-images/Styles/Precision/Conqueror/Conqueror.png', name: 'Conqueror' },
  8112: { path: 'perk-images/Styles/Domination/Electrocute/Electrocute.png', name: 'Electrocute' },
  8128: { path: 'perk-images/Styles/Domination/DarkHarvest/DarkHarvest.png', name: 'Dark Harvest' },
  9923: { path: 'perk-images/Styles/Domination/HailOfBlades/HailOfBlades.png', name: 'Hail of Blades' },
  8214: { path: 'perk-images/Styles/Sorcery/SummonAery/SummonAery.png', name: 'Summon Aery' },
  8229: { path: 'perk-images/Styles/Sorcery/ArcaneComet/ArcaneComet.png', name: 'Arcane Comet' },
  8230: { path: 'perk-images/Styles/Sorcery/PhaseRush/PhaseRush.png', name: 'Phase Rush' },
  8437: { path: 'perk-images/Styles/Resolve/GraspOfTheUndying/GraspOfTheUndying.png', name: 'Grasp of the Undying' },
  8439: { path: 'perk-images/Styles/Resolve/VeteranAftershock/VeteranAftershock.png', name: 'Aftershock' },
  8465: { path: 'perk-images/Styles/Resolve/Guardian/Guardian.png', name: 'Guardian' },
  8351: { path: 'perk-images/Styles/Inspiration/GlacialAugment/GlacialAugment.png', name: 'Glacial Augment' },
  8360: { path: 'perk-images/Styles/Inspiration/UnsealedSpellbook/UnsealedSpellbook.png', name: 'Unsealed Spellbook' },
  8369: { path: 'perk-images/Styles/Inspiration/FirstStrike/FirstStrike.png', name: 'First Strike' },
};

export const keystoneName = (keystoneId: number) => KEYSTONES[keystoneId]?.name ?? `Rune ${keystoneId}`;

export const keystoneIconUrl = ({ base }: Ddragon, keystoneId: number) => {
  const keystone = KEYSTONES[keystoneId];
  return keystone ? `${base}/cdn/img/${keystone.path}` : null;
};

/** The champion list (ids, display names, classes) of this Data Dragon version, in English. */
export const championDataUrl = (dd: Ddragon) => `${cdn(dd)}/data/en_US/champion.json`;
