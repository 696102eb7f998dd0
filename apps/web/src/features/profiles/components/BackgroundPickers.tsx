import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import {
  BACKGROUND_BLURS,
  BACKGROUND_IMAGES,
  MESSAGES,
  PROFILE_TEXTS,
  type UpdateUserBody,
  type UserProfile,
} from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser, useUpdateUser } from '../../auth/api/session';
import { profileKeys } from '../api/profile';

type BackgroundFields = Pick<UpdateUserBody, 'profileBackgroundImg' | 'profileBackgroundBlur'>;

/** Own profile only: the background image and blur, saved at once ('Profile background updated!'). */
export function BackgroundPickers() {
  const { user } = useCurrentUser();
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  if (!user) return null;

  const save = (fields: BackgroundFields) =>
    update.mutate(fields, {
      onSuccess: () => {
        // The page shows the profile's copy: it changes with the account.
        queryClient.setQueriesData<UserProfile>({ queryKey: profileKeys.anyByName }, (profile) =>
          profile && profile._id === user._id ? { ...profile, ...fields } : profile,
        );
        showAlert({ type: 'Success', message: MESSAGES.backgroundUpdated });
      },
      onError: () => showAlert({ type: 'Error', message: MESSAGES.backgroundError }),
    });

  return (
    <Stack direction="row" spacing={1.5} aria-label={PROFILE_TEXTS.profileBackground} role="group">
      <Picker
        label={PROFILE_TEXTS.background}
        value={user.profileBackgroundImg}
        options={BACKGROUND_IMAGES.map((image) => ({ value: image, label: image }))}
        disabled={update.isPending}
        onChange={(value) => save({ profileBackgroundImg: value as BackgroundFields['profileBackgroundImg'] })}
        grow={2}
      />
      <Picker
        label={PROFILE_TEXTS.blur}
        value={user.profileBackgroundBlur}
        options={BACKGROUND_BLURS}
        disabled={update.isPending}
        onChange={(value) => save({ profileBackgroundBlur: value })}
        grow={1}
      />
    </Stack>
  );
}

function Picker({
  label,
  value,
  options,
  disabled,
  onChange,
  grow,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  disabled: boolean;
  onChange: (value: string) => void;
  grow: number;
}) {
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ flex: grow, minWidth: 0 }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
