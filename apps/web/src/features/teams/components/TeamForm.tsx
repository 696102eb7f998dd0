import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { createTeamBodySchema, TEAM_TEXTS as T, type CreateTeamBody, type Region } from '@scrim-gym/shared';
import { RegionSelect } from '../../../components/RegionSelect';

type Field = 'name' | 'tag' | 'region' | 'logoUrl';
export interface TeamFormValues {
  name: string;
  tag: string;
  region: Region | '';
  logoUrl: string;
}

/**
 * A team's name, tag, region and logo, checked with the server's own schema before it is sent (the server checks
 * again, and answers for what only it knows: a name or tag already taken). Without `regionFixed` the region is
 * chosen (a new team); a team keeps its region.
 */
export function TeamForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  regionFixed,
}: {
  initial: TeamFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: CreateTeamBody) => void;
  onCancel?: () => void;
  regionFixed?: boolean;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTeamBodySchema.safeParse({ ...values, logoUrl: values.logoUrl.trim() || undefined });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    onSubmit(parsed.data);
  };

  const field = (name: Exclude<Field, 'region'>, help: string) => ({
    error: Boolean(errors[name]),
    helperText: errors[name] ?? help,
  });
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={T.name}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 32 } }}
          {...field('name', T.nameHelp)}
        />
        <TextField
          label={T.tag}
          value={values.tag}
          onChange={(e) => set('tag', e.target.value.toUpperCase())}
          required
          sx={{ width: { sm: 180 } }}
          slotProps={{ htmlInput: { maxLength: 5, autoCapitalize: 'characters' } }}
          {...field('tag', T.tagHelp)}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {!regionFixed && (
          <RegionSelect
            label={T.region}
            value={values.region}
            onChange={(region) => set('region', region)}
            required
            sx={{ width: { sm: 180 } }}
            error={Boolean(errors.region)}
            helperText={errors.region}
          />
        )}
        <TextField
          label={T.logoUrl}
          value={values.logoUrl}
          onChange={(e) => set('logoUrl', e.target.value)}
          fullWidth
          type="url"
          {...field('logoUrl', T.logoHelp)}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
