import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ADMIN_TEXTS as T } from '@scrim-gym/shared';
import type { BanFilters as Filters, StatusFilter } from '../../lib/ban-table';

/** The selects' value for 'All' (an empty value would leave the select blank). */
const ALL = 'all';

/**
 * The ban table's filters: a summoner-name autocomplete, the Date From and Date To dropdowns (All, then
 * every distinct date, newest first) and the status (All, Active, Expired).
 */
export function BanFilters({
  filters,
  onChange,
  names,
  datesFrom,
  datesTo,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  names: string[];
  datesFrom: string[];
  datesTo: string[];
}) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const dateSelect = (label: string, value: string, dates: string[], key: 'dateFrom' | 'dateTo') => (
    <TextField
      select
      size="small"
      label={label}
      value={value || ALL}
      onChange={(e) => set({ [key]: e.target.value === ALL ? '' : e.target.value })}
    >
      <MenuItem value={ALL}>{T.all}</MenuItem>
      {dates.map((date) => (
        <MenuItem key={date} value={date}>
          {date}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box
      role="search"
      aria-label="Filter bans"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(200px, 2fr) repeat(3, minmax(140px, 1fr))' },
      }}
    >
      <Autocomplete
        options={names}
        value={filters.name || null}
        onChange={(_e, name) => set({ name: name ?? '' })}
        renderInput={(params) => <TextField {...params} size="small" label={T.columns.name} />}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      {dateSelect(T.columns.dateFrom, filters.dateFrom, datesFrom, 'dateFrom')}
      {dateSelect(T.columns.dateTo, filters.dateTo, datesTo, 'dateTo')}
      <TextField
        select
        size="small"
        label={T.columns.status}
        value={filters.status}
        onChange={(e) => set({ status: e.target.value as StatusFilter })}
      >
        {(Object.keys(T.statusFilter) as StatusFilter[]).map((status) => (
          <MenuItem key={status} value={status}>
            {T.statusFilter[status]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
