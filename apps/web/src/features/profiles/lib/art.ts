import { rankTier, type BackgroundImage, type Role } from '@scrim-gym/shared';
import anniversary from '../assets/backgrounds/anniversary.webp';
import bootcampDragon from '../assets/backgrounds/bootcamp-dragon.webp';
import cat from '../assets/backgrounds/cat.webp';
import summonersRift from '../assets/backgrounds/summoners-rift.webp';
import teemoSunset from '../assets/backgrounds/teemo-sunset.webp';
import thresh from '../assets/backgrounds/thresh.webp';
import defaultIcon from '../assets/default-summoner-icon.webp';
import bronze from '../assets/ranks/bronze.webp';
import challenger from '../assets/ranks/challenger.webp';
import diamond from '../assets/ranks/diamond.webp';
import emerald from '../assets/ranks/emerald.webp';
import gold from '../assets/ranks/gold.webp';
import grandmaster from '../assets/ranks/grandmaster.webp';
import iron from '../assets/ranks/iron.webp';
import master from '../assets/ranks/master.webp';
import platinum from '../assets/ranks/platinum.webp';
import silver from '../assets/ranks/silver.webp';
import unranked from '../assets/ranks/unranked.webp';
import adc from '../assets/roles/adc.webp';
import jungle from '../assets/roles/jungle.webp';
import mid from '../assets/roles/mid.webp';
import support from '../assets/roles/support.webp';
import top from '../assets/roles/top.webp';

/** The profile background choices as our own WebP art (apps/web/scripts/generate-profile-art.mjs). */
export const BACKGROUND_URLS: Record<BackgroundImage, string> = {
  'Summoners Rift': summonersRift,
  Anniversary: anniversary,
  'Teemo Sunset': teemoSunset,
  'Bootcamp Dragon': bootcampDragon,
  Cat: cat,
  Thresh: thresh,
};

export const backgroundUrl = (name: string) => BACKGROUND_URLS[name as BackgroundImage] ?? summonersRift;

const RANK_URLS: Record<string, string> = {
  Unranked: unranked,
  Iron: iron,
  Bronze: bronze,
  Silver: silver,
  Gold: gold,
  Platinum: platinum,
  Emerald: emerald,
  Diamond: diamond,
  Master: master,
  Grandmaster: grandmaster,
  Challenger: challenger,
};

/** The emblem of a rank text ('Gold 2' → Gold); unknown ranks get Unranked's. */
export const rankEmblemUrl = (rank: string) => RANK_URLS[rankTier(rank) ?? 'Unranked'] ?? unranked;

export const ROLE_ICON_URLS: Record<Role, string> = { Top: top, Jungle: jungle, Mid: mid, ADC: adc, Support: support };

export const DEFAULT_SUMMONER_ICON = defaultIcon;
