import Box from '@mui/material/Box';
import { useState } from 'react';
import {
  CREATED_FILTERS,
  PARTICIPATED_FILTERS,
  CREATED_FILTER_LABELS,
  PARTICIPATED_FILTER_LABELS,
  PROFILE_TEXTS,
  type DateSort,
} from '@scrim-gym/shared';
import { useScrimList, type ScrimListKind } from '../api/scrim-lists';
import { ScrimList } from './ScrimList';

/** One list with its own filter and date sort (newest first by default); the server filters, sorts and pages. */
function ListSection<F extends string>({
  kind,
  userId,
  title,
  filters,
  filterLabels,
}: {
  kind: ScrimListKind;
  userId: string;
  title: string;
  filters: readonly F[];
  filterLabels: Record<F, string>;
}) {
  const [filter, setFilter] = useState<F>(filters[0]!);
  const [sort, setSort] = useState<DateSort>('desc');
  const query = useScrimList({ kind, userId, filter, sort });
  return (
    <ScrimList
      title={title}
      filters={filters}
      filterLabels={filterLabels}
      filter={filter}
      onFilter={setFilter}
      sort={sort}
      onSort={setSort}
      query={query}
    />
  );
}

/** Created scrims (on one's own profile, or for admins) beside the scrims participated in. */
export function ProfileScrimLists({ userId, canSeeCreated }: { userId: string; canSeeCreated: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, sm: 3 },
        gridTemplateColumns: { xs: '1fr', md: canSeeCreated ? '1fr 1fr' : '1fr' },
      }}
    >
      {canSeeCreated && (
        <ListSection
          kind="created"
          userId={userId}
          title={PROFILE_TEXTS.createdScrims}
          filters={CREATED_FILTERS}
          filterLabels={CREATED_FILTER_LABELS}
        />
      )}
      <ListSection
        kind="participated"
        userId={userId}
        title={PROFILE_TEXTS.participatedScrims}
        filters={PARTICIPATED_FILTERS}
        filterLabels={PARTICIPATED_FILTER_LABELS}
      />
    </Box>
  );
}
