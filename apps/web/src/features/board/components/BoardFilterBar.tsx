import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  BOARD_TEXTS as T,
  RANK_LADDER,
  REGIONS,
  SERIES_FORMATS,
  type Region,
  type SeriesFormat,
} from '@scrim-gym/shared';

export interface FilterValues {
  /** Local days, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  region: Region | '';
  format: SeriesFormat | '';
  rankMin: string;
  rankMax: string;
  fits: boolean;
  /** The team "fits my team" matches; '' for the first of the viewer's teams in the region shown. */
  fitsTeamId: string;
}
export const NO_FILTERS: Omit<FilterValues, 'region'> = {
  from: '',
  to: '',
  format: '',
  rankMin: '',
  rankMax: '',
  fits: false,
  fitsTeamId: '',
};

/**
 * The board's filters. "Fits my team" stands in for the rank band (the posts that want the rank of the team's
 * rating, which the server reads), so the band's selects are off while it is on; it is offered to a viewer on a
 * team of the region shown, with a choice of team when they are on several.
 */
export function BoardFilterBar({
  values,
  onChange,
  onClear,
  fitsTeams,
}: {
  values: FilterValues;
  onChange: (patch: Partial<FilterValues>) => void;
  onClear: () => void;
  /** The viewer's teams in the region shown (the first is the default); none: no "fits my team". */
  fitsTeams: readonly { _id: string; name: string }[];
}) {
  const fitsTeam = fitsTeams.find((team) => team._id === values.fitsTeamId) ?? fitsTeams[0];
  const select = (
    label: string,
    value: string,
    empty: string,
    options: readonly string[],
    patch: (v: string) => void,
    names?: Record<string, string>,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => patch(e.target.value)}
      disabled={values.fits && (label === T.rankMin || label === T.rankMax)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{empty}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {names?.[option] ?? option}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box component="search" aria-label={T.filters}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
          alignItems: 'start',
        }}
      >
        <TextField
          size="small"
          type="date"
          label={T.from}
          value={values.from}
          onChange={(e) => onChange({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: values.to || undefined } }}
        />
        <TextField
          size="small"
          type="date"
          label={T.to}
          value={values.to}
          onChange={(e) => onChange({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: values.from || undefined } }}
        />
        {select(T.region, values.region, T.allRegions, REGIONS, (v) => onChange({ region: v as Region | '' }))}
        {select(
          T.format,
          values.format,
          T.anyFormat,
          SERIES_FORMATS,
          (v) => onChange({ format: v as SeriesFormat | '' }),
          T.formats,
        )}
        {select(T.rankMin, values.rankMin, T.anyRank, RANK_LADDER, (v) => onChange({ rankMin: v }))}
        {select(T.rankMax, values.rankMax, T.anyRank, RANK_LADDER, (v) => onChange({ rankMax: v }))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        {fitsTeam && (
          <Box sx={{ flex: '1 1 240px', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.fits}
                    onChange={(e) => onChange({ fits: e.target.checked })}
                    slotProps={{ input: { 'aria-describedby': 'board-fits-help' } }}
                  />
                }
                label={T.fitsMyTeam}
              />
              <FormHelperText id="board-fits-help" sx={{ mt: 0 }}>
                {T.fitsMyTeamHelp(fitsTeam.name)}
              </FormHelperText>
            </Box>
            {fitsTeams.length > 1 && (
              <TextField
                select
                size="small"
                label={T.fitsTeam}
                value={fitsTeam._id}
                onChange={(e) => onChange({ fitsTeamId: e.target.value })}
                sx={{ minWidth: 160 }}
              >
                {fitsTeams.map((team) => (
                  <MenuItem key={team._id} value={team._id}>
                    {team.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
        )}
        <Button onClick={onClear} sx={{ ml: 'auto' }}>
          {T.clearFilters}
        </Button>
      </Box>
    </Box>
  );
}
