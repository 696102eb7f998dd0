import {
  DEFAULT_RANK_NUMBER,
  formatRank,
  parseRank,
  profileFieldsSchema,
  type RankDivision,
  type RankNumber,
  type Region,
} from '@scrim-gym/shared';

/** The editable profile of the sign-up wizard and the settings page. */
export interface ProfileForm {
  name: string;
  summonerTagline: string;
  region: Region | '';
  discord: string;
  division: RankDivision;
  rankNumber: RankNumber;
  canSendEmailsToUser: boolean;
}

export const emptyProfileForm: ProfileForm = {
  name: '',
  summonerTagline: '',
  region: '',
  discord: '',
  division: 'Unranked',
  rankNumber: DEFAULT_RANK_NUMBER,
  canSendEmailsToUser: false,
};

export function profileFormFromUser(user: {
  name: string;
  summonerTagline: string;
  region: Region;
  discord: string;
  rank: string;
  canSendEmailsToUser: boolean;
}): ProfileForm {
  const rank = parseRank(user.rank);
  return {
    name: user.name,
    summonerTagline: user.summonerTagline,
    region: user.region,
    discord: user.discord,
    division: rank?.division ?? 'Unranked',
    rankNumber: rank?.number ?? DEFAULT_RANK_NUMBER,
    canSendEmailsToUser: user.canSendEmailsToUser,
  };
}

/** The API body of a profile form: the rank parts become the spec's 'Division Number' text. */
export function profileBody(form: ProfileForm) {
  return {
    name: form.name,
    summonerTagline: form.summonerTagline,
    region: form.region,
    discord: form.discord,
    rank: formatRank({ division: form.division, number: form.rankNumber }),
    canSendEmailsToUser: form.canSendEmailsToUser,
  };
}

export type ProfileField = keyof ReturnType<typeof profileBody>;

/**
 * The messages of the shared schema for the given fields (the server checks the same schema), e.g.
 * 'Summoner Name is empty!'.
 */
export function validateProfile(form: ProfileForm, fields: readonly ProfileField[]): string[] {
  const result = profileFieldsSchema.safeParse(profileBody(form));
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => fields.includes(issue.path[0] as ProfileField))
    .map((issue) => issue.message);
}

export { regionsFirst } from '../../lib/regions';
