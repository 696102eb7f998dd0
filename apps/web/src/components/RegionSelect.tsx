import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Region } from '@scrim-gym/shared';
import { regionsFirst } from '../lib/regions';

/** The region select of every form: the user's own region listed first; only `regions` when given. */
export function RegionSelect({
  value,
  onChange,
  ownRegion,
  regions,
  ...props
}: Omit<TextFieldProps, 'onChange' | 'value' | 'select'> & {
  value: Region | '';
  onChange: (region: Region) => void;
  ownRegion?: Region | '';
  /** The regions offered (a community host's own); every region when absent. */
  regions?: readonly Region[];
}) {
  return (
    <TextField select label="Region" value={value} onChange={(e) => onChange(e.target.value as Region)} {...props}>
      {regionsFirst(ownRegion)
        .filter((region) => !regions || regions.includes(region))
        .map((region) => (
          <MenuItem key={region} value={region}>
            {region}
          </MenuItem>
        ))}
    </TextField>
  );
}
