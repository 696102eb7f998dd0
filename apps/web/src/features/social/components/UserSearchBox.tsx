import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SOCIAL_MESSAGES, SOCIAL_TEXTS, type UserSearchResult } from '@scrim-gym/shared';
import { profilePath } from '../../../lib/profile-link';
import { useDebounced } from '../../../lib/use-debounced';
import { useHeaderUserSearch } from '../api/user-search';

/**
 * The navigation bar's user search: up to 8 users by name or tagline, 'No Option!' when none; choosing
 * one opens their profile. An ARIA combobox (arrows, Enter, Escape) without Autocomplete's weight. Below 600 px
 * it folds into an icon that opens the box over the bar. `clear` (the bar hid on scroll) empties it.
 */
export function UserSearchBox({ clear }: { clear: boolean }) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [unfolded, setUnfolded] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const q = useDebounced(input, 200);
  const search = useHeaderUserSearch(q);
  const results = input.trim() && search.data ? search.data : [];
  const settled = search.isSuccess && !search.isPlaceholderData && q === input;
  const showPopup = open && input.trim() !== '' && (results.length > 0 || settled);

  const reset = () => {
    setInput('');
    setOpen(false);
    setActive(-1);
    setUnfolded(false);
  };
  useEffect(() => {
    if (clear) reset();
  }, [clear]);
  useEffect(() => {
    if (unfolded) field.current?.focus();
  }, [unfolded]);

  const choose = (user: UserSearchResult) => {
    reset();
    field.current?.blur();
    navigate(profilePath(user));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length ? (i + step + results.length) % results.length : -1));
    } else if (event.key === 'Enter') {
      const chosen = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      if (open) setOpen(false);
      else reset();
    }
  };

  return (
    <>
      <IconButton
        aria-label={SOCIAL_TEXTS.openSearch}
        onClick={() => setUnfolded(true)}
        sx={{ display: { xs: unfolded ? 'none' : 'inline-flex', sm: 'none' } }}
      >
        <SearchIcon />
      </IconButton>
      <Box
        sx={{
          display: { xs: unfolded ? 'flex' : 'none', sm: 'flex' },
          alignItems: 'center',
          gap: 1,
          position: { xs: 'absolute', sm: 'relative' },
          inset: { xs: 0, sm: 'auto' },
          zIndex: 2,
          px: { xs: 1.5, sm: 0 },
          bgcolor: { xs: 'rgb(10,20,40)', sm: 'transparent' },
        }}
      >
        <Box sx={{ position: 'relative', flexGrow: 1, width: { sm: 180, lg: 240 } }}>
          <InputBase
            inputRef={field}
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              if (!input) setUnfolded(false);
            }}
            onKeyDown={onKeyDown}
            placeholder={SOCIAL_TEXTS.searchPlaceholder}
            startAdornment={<SearchIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} aria-hidden />}
            inputProps={{
              role: 'combobox',
              'aria-label': SOCIAL_TEXTS.search,
              'aria-expanded': showPopup,
              'aria-controls': showPopup && results.length > 0 ? listId : undefined,
              'aria-autocomplete': 'list',
              'aria-activedescendant': showPopup && active >= 0 ? `${listId}-${active}` : undefined,
              autoComplete: 'off',
              maxLength: 60,
            }}
            sx={{ width: '100%', px: 1.5, py: 0.25, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.08)' }}
          />
          {showPopup && (
            <Paper
              elevation={8}
              sx={{ position: 'absolute', top: '100%', left: 0, right: 0, mt: 0.5, minWidth: 240, zIndex: 3 }}
            >
              {results.length === 0 ? (
                <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
                  {SOCIAL_MESSAGES.noOption}
                </Typography>
              ) : (
                <Box
                  component="ul"
                  role="listbox"
                  id={listId}
                  aria-label={SOCIAL_TEXTS.search}
                  sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}
                >
                  {results.map((user, index) => (
                    <Box
                      component="li"
                      role="option"
                      id={`${listId}-${index}`}
                      key={user._id}
                      aria-selected={index === active}
                      // Keeps the focus in the box, so the click is not lost to its blur.
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => choose(user)}
                      sx={{ px: 2, py: 1, cursor: 'pointer', bgcolor: index === active ? 'action.hover' : undefined }}
                    >
                      <Typography noWrap sx={{ fontWeight: 600 }}>
                        {user.name}{' '}
                        <Typography component="span" color="text.secondary">
                          #{user.summonerTagline}
                        </Typography>
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {user.region} · {user.rank}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              )}
            </Paper>
          )}
        </Box>
        <IconButton aria-label={SOCIAL_TEXTS.closeSearch} onClick={reset} sx={{ display: { sm: 'none' } }}>
          <CloseIcon />
        </IconButton>
      </Box>
    </>
  );
}
