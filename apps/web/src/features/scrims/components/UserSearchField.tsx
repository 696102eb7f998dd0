import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import {
  ADMIN_SEARCH_LIMIT,
  ADMIN_SEARCH_MIN_CHARS,
  SCRIM_TEXTS,
  type Region,
  type UserSearchResult,
} from '@scrim-gym/shared';
import { useDebounced } from '../../../lib/use-debounced';
import { useUserSearch } from '../../social/api/user-search';

/** A user of `region` searched by name from 2 characters (the admin assign and substitute dialogs). */
export function UserSearchField({
  region,
  value,
  onChange,
  label = SCRIM_TEXTS.searchUser,
  autoFocus = false,
}: {
  region: Region;
  value: UserSearchResult | null;
  onChange: (user: UserSearchResult | null) => void;
  label?: string;
  autoFocus?: boolean;
}) {
  const [input, setInput] = useState('');
  const q = useDebounced(input, 250);
  const search = useUserSearch(
    { q: q.trim(), region, limit: ADMIN_SEARCH_LIMIT },
    { enabled: q.trim().length >= ADMIN_SEARCH_MIN_CHARS },
  );
  const tooShort = input.trim().length < ADMIN_SEARCH_MIN_CHARS;
  return (
    <Autocomplete
      options={tooShort ? [] : (search.data ?? [])}
      value={value}
      onChange={(_e, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      filterOptions={(options) => options}
      getOptionLabel={(option) => `${option.name}#${option.summonerTagline}`}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      renderOption={(props, option) => (
        <li {...props} key={option._id}>
          {option.name}#{option.summonerTagline} · {option.rank}
        </li>
      )}
      loading={!tooShort && search.isFetching}
      noOptionsText={tooShort ? SCRIM_TEXTS.typeMore : SCRIM_TEXTS.noUsers}
      renderInput={(params) => <TextField {...params} label={label} autoFocus={autoFocus} />}
    />
  );
}
