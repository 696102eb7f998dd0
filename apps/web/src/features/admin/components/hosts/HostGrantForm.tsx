import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import {
  ADMIN_SEARCH_LIMIT,
  ADMIN_SEARCH_MIN_CHARS,
  ADMIN_TEXTS as T,
  type Region,
  type UserSearchResult,
} from '@scrim-gym/shared';
import { RegionSelect } from '../../../../components/RegionSelect';
import { useDebounced } from '../../../../lib/use-debounced';
import { useUserSearch } from '../../../social/api/user-search';
import { Panel } from '../dashboard/Panel';

/** A player (searched by name, any region) and a region: "Make host". */
export function HostGrantForm({
  onGrant,
  granting,
}: {
  onGrant: (user: UserSearchResult, region: Region) => void;
  granting: boolean;
}) {
  const [input, setInput] = useState('');
  const [user, setUser] = useState<UserSearchResult | null>(null);
  const [region, setRegion] = useState<Region | ''>('');
  const q = useDebounced(input, 250).trim();
  const search = useUserSearch({ q, limit: ADMIN_SEARCH_LIMIT }, { enabled: q.length >= ADMIN_SEARCH_MIN_CHARS });
  const tooShort = input.trim().length < ADMIN_SEARCH_MIN_CHARS;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (user && region) onGrant(user, region);
  };

  return (
    <Panel title={T.grantTitle}>
      <Box
        component="form"
        onSubmit={onSubmit}
        noValidate
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr) auto' },
          alignItems: 'start',
        }}
      >
        <Autocomplete
          options={tooShort ? [] : (search.data ?? [])}
          value={user}
          onChange={(_e, value) => {
            setUser(value);
            if (value && !region) setRegion(value.region);
          }}
          inputValue={input}
          onInputChange={(_e, value) => setInput(value)}
          filterOptions={(options) => options}
          getOptionLabel={(option) => `${option.name}#${option.summonerTagline}`}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          renderOption={(props, option) => (
            <li {...props} key={option._id}>
              {option.name}#{option.summonerTagline} · {option.region} · {option.rank}
            </li>
          )}
          loading={!tooShort && search.isFetching}
          noOptionsText={tooShort ? T.typeMore : T.noUsers}
          renderInput={(params) => <TextField {...params} label={T.searchUser} />}
        />
        <RegionSelect id="host-region" label={T.hostRegion} value={region} onChange={setRegion} />
        <Button type="submit" variant="contained" size="large" disabled={!user || !region || granting}>
          {T.grant}
        </Button>
      </Box>
    </Panel>
  );
}
