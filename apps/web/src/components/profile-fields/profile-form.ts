import {
  DEFAULT_RANK_NUMBER,
  formatRank,
  parseRank,
  profileFieldsSchema,
  type RankDivision,
  type RankNumber,
  type Region,
  type RolePreference,
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
  primaryRole: RolePreference;
  secondaryRole: RolePreference;
}

export const emptyProfileForm: ProfileForm = {
  name: '',
  summonerTagline: '',
  region: '',
  discord: '',
  division: 'Unranked',
  rankNumber: DEFAULT_RANK_NUMBER,
  canSendEmailsToUser: false,
  primaryRole: 'Fill',
  secondaryRole: 'Fill',
};

export function profileFormFromUser(user: {
  name: string;
  summonerTagline: string;
  region: Region;
  discord: string;
  rank: string;
  canSendEmailsToUser: boolean;
  primaryRole?: RolePreference;
  secondaryRole?: RolePreference;
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
    primaryRole: user.primaryRole ?? 'Fill',
    secondaryRole: user.secondaryRole ?? 'Fill',
  };
}

/** The API body of a profile form: the rank parts become the contract's 'Division Number' text. */
export function profileBody(form: ProfileForm) {
  return {
    name: form.name,
    summonerTagline: form.summonerTagline,
    region: form.region,
    discord: form.discord,
    rank: formatRank({ division: form.division, number: form.rankNumber }),
    canSendEmailsToUser: form.canSendEmailsToUser,
    primaryRole: form.primaryRole,
    secondaryRole: form.secondaryRole,
  };
}

export type ProfileField = keyof ReturnType<typeof profileBody>;

/** The first problem of each field in error, by field: what marks the field and its helper text. */
export type FieldErrors = Partial<Record<ProfileField, string>>;

/**
 * The problems the shared schema finds in the given fields (the server checks the same schema), in the form's
 * order, e.g. {field: 'name', message: 'Summoner Name is empty!'}.
 */
export function profileProblems(
  form: ProfileForm,
  fields: readonly ProfileField[],
): { field: ProfileField; message: string }[] {
  const result = profileFieldsSchema.safeParse(profileBody(form));
  if (result.success) return [];
  return result.error.issues
    .map((issue) => ({ field: issue.path[0] as ProfileField, message: issue.message }))
    .filter((problem) => fields.includes(problem.field));
}

/** The messages of `profileProblems`, e.g. 'Summoner Name is empty!'. */
export function validateProfile(form: ProfileForm, fields: readonly ProfileField[]): string[] {
  return profileProblems(form, fields).map((problem) => problem.message);
}

/** The first message of each field in error. */
export function fieldErrors(problems: readonly { field: ProfileField; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of problems) errors[field] ??= message;
  return errors;
}

export { regionsFirst } from '../../lib/regions';
