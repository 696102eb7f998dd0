import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  PROFILE_TEXTS,
  RESULT_LABELS,
  SORT_LABELS,
  type DateSort,
  type ProfileScrim,
  type ProfileScrimPage,
} from '@scrim-gym/shared';
import { ROLE_ICON_URLS } from '../lib/art';
import { formatListDate } from '../lib/display';

// Pending and disputed results are neither a win nor a loss yet: the warning colour, not green or red.
const RESULT_COLORS = {
  won: 'success',
  lost: 'error',
  casted: 'info',
  pending: 'warning',
  disputed: 'warning',
} as const;

function ScrimRow({ scrim }: { scrim: ProfileScrim }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        // Abandoned: greyed (grayscale keeps the text's contrast).
        ...(scrim.abandoned && { filter: 'grayscale(1)' }),
      }}
    >
      {scrim.role ? (
        <Box
          component="img"
          src={ROLE_ICON_URLS[scrim.role]}
          alt={scrim.role}
          title={scrim.role}
          width={24}
          height={24}
        />
      ) : (
        <Box sx={{ width: 24, flex: 'none' }} />
      )}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link
          component={RouterLink}
          to={`/scrims/${scrim._id}`}
          sx={{ fontWeight: 600, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {scrim.title}
        </Link>
        <Typography variant="caption" color="text.secondary" component="p">
          <time dateTime={scrim.gameStartTime}>{formatListDate(scrim.gameStartTime)}</time> · {scrim.region}
        </Typography>
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ flex: 'none', alignItems: 'center' }}>
        {scrim.isLobbyHost && <StarIcon fontSize="small" sx={{ color: 'primary.main' }} titleAccess="Lobby captain" />}
        {scrim.isPrivate && <Chip size="small" label="Private" variant="outlined" />}
        {scrim.abandoned && <Chip size="small" label={PROFILE_TEXTS.abandoned} variant="outlined" />}
        {scrim.result && (
          <Chip
            size="small"
            label={RESULT_LABELS[scrim.result]}
            // Dark text on the result colours: white on the error red is under 4.5:1.
            sx={{ bgcolor: `${RESULT_COLORS[scrim.result]}.main`, color: 'background.default', fontWeight: 700 }}
          />
        )}
      </Stack>
    </Box>
  );
}

/**
 * One of the profile's scrim lists: a filter, a date sort (newest first by default), 300 px of scroll,
 * dates as MM/DD/yyyy hh:mm A; the next page loads when the end of the list scrolls into view.
 */
export function ScrimList<F extends string>({
  title,
  filters,
  filterLabels,
  filter,
  onFilter,
  sort,
  onSort,
  query,
}: {
  title: string;
  filters: readonly F[];
  filterLabels: Record<F, string>;
  filter: F;
  onFilter: (filter: F) => void;
  sort: DateSort;
  onSort: (sort: DateSort) => void;
  query: UseInfiniteQueryResult<InfiniteData<ProfileScrimPage>>;
}) {
  const headingId = useId();
  const filterId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const scrims = query.data?.pages.flatMap((page) => page.scrims) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => entry?.isIntersecting && !isFetchingNextPage && void fetchNextPage(),
      { root: scrollRef.current, rootMargin: '80px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A new filter or sort starts at the top.
  useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [filter, sort]);

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'rgba(15,30,54,0.85)', minWidth: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}{' '}
          <Typography component="span" color="text.secondary" data-testid="list-total">
            ({total})
          </Typography>
        </Typography>
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id={filterId}>{PROFILE_TEXTS.filter}</InputLabel>
          <Select
            labelId={filterId}
            label={PROFILE_TEXTS.filter}
            value={filter}
            onChange={(e) => onFilter(e.target.value as F)}
          >
            {filters.map((value) => (
              <MenuItem key={value} value={value}>
                {filterLabels[value]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          size="small"
          variant="outlined"
          onClick={() => onSort(sort === 'desc' ? 'asc' : 'desc')}
          startIcon={sort === 'desc' ? <ArrowDownwardIcon /> : <ArrowUpwardIcon />}
          aria-label={`${PROFILE_TEXTS.sortByDate}: ${SORT_LABELS[sort]}`}
        >
          {SORT_LABELS[sort]}
        </Button>
      </Stack>
      <Box
        ref={scrollRef}
        sx={{ maxHeight: 300, overflowY: 'auto', borderRadius: 1, bgcolor: 'rgba(0,0,0,0.15)' }}
        tabIndex={0}
        aria-label={title}
      >
        {query.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={PROFILE_TEXTS.loading} />
          </Box>
        ) : scrims.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {PROFILE_TEXTS.noScrims}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {scrims.map((scrim) => (
              <ScrimRow key={scrim._id} scrim={scrim} />
            ))}
          </Box>
        )}
        <div ref={endRef} />
        {hasNextPage && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 1 }}>
            <Button size="small" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {PROFILE_TEXTS.loadMore}
            </Button>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
