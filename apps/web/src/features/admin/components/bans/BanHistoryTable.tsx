import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ADMIN_TEXTS as T, type BanHistoryEntry } from '@scrim-gym/shared';
import { profilePath } from '../../../../lib/profile-link';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  NO_FILTERS,
  PAGE_SIZES,
  distinctDates,
  distinctNames,
  filterBans,
  formatBanDate,
  isBanActive,
  pageOf,
  sortBans,
  truncateReason,
  type BanFilters as Filters,
  type BanSort,
  type SortColumn,
} from '../../lib/ban-table';
import { BanFilters } from './BanFilters';

function StatusChip({ ban }: { ban: BanHistoryEntry }) {
  const active = isBanActive(ban);
  return (
    <Chip
      size="small"
      color={active ? 'error' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={active ? T.statusLabel.active : T.statusLabel.inactive}
    />
  );
}

const NameLink = ({ ban }: { ban: BanHistoryEntry }) => (
  <Link component={RouterLink} to={profilePath(ban._user)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
    {ban._user.name}
  </Link>
);

const Reason = ({ reason }: { reason: string }) => (
  <span title={reason.length > 32 ? reason : undefined}>{truncateReason(reason)}</span>
);

/** Lifting is offered while the ban is flagged active (in force, or expired and not lifted yet). */
const canUnban = (ban: BanHistoryEntry) => ban.status !== 'lifted';

/**
 * The ban history table: sortable columns (creation time ascending until a header is clicked),
 * filters, and paging: 10 a page on desktop (10…100, first / previous / next / last), 3 below 600 px (3…30),
 * where a compact two-column table is used.
 */
export function BanHistoryTable({
  bans,
  onUnban,
  unbanning,
}: {
  bans: BanHistoryEntry[];
  onUnban: (ban: BanHistoryEntry) => void;
  unbanning: string | null;
}) {
  const mobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const layout = mobile ? 'mobile' : 'desktop';
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<BanSort>(DEFAULT_SORT);
  const [page, setPage] = useState(0);
  const [sizes, setSizes] = useState<{ desktop: number; mobile: number }>({ ...DEFAULT_PAGE_SIZE });
  const size = sizes[layout];

  const rows = useMemo(() => sortBans(filterBans(bans, filters), sort), [bans, filters, sort]);
  const shown = pageOf(rows, page, size);
  const options = useMemo(
    () => ({
      names: distinctNames(bans),
      datesFrom: distinctDates(bans, 'dateFrom'),
      datesTo: distinctDates(bans, 'dateTo'),
    }),
    [bans],
  );

  const changeFilters = (next: Filters) => {
    setFilters(next);
    setPage(0);
  };
  const sortBy = (by: SortColumn) => {
    setSort((current) => ({ by, direction: current.by === by && current.direction === 'asc' ? 'desc' : 'asc' }));
  };
  const header = (by: SortColumn, label: string) => (
    <TableCell sortDirection={sort.by === by ? sort.direction : false}>
      <TableSortLabel
        active={sort.by === by}
        direction={sort.by === by ? sort.direction : 'asc'}
        onClick={() => sortBy(by)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  const unbanButton = (ban: BanHistoryEntry) =>
    canUnban(ban) ? (
      <Button
        size="small"
        color="warning"
        variant="outlined"
        onClick={() => onUnban(ban)}
        disabled={unbanning === ban._id}
      >
        {T.unban}
      </Button>
    ) : null;

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <BanFilters filters={filters} onChange={changeFilters} {...options} />
      <TableContainer>
        <Table size="small" aria-label={T.banHistoryTitle}>
          <TableHead>
            {mobile ? (
              <TableRow>
                {header('name', T.columns.name)}
                <TableCell>{T.mobileDetails}</TableCell>
              </TableRow>
            ) : (
              <TableRow>
                {header('name', T.columns.name)}
                {header('dateFrom', T.columns.dateFrom)}
                {header('dateTo', T.columns.dateTo)}
                {header('status', T.columns.status)}
                <TableCell>{T.columns.reason}</TableCell>
                <TableCell align="right">{T.actions}</TableCell>
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {shown.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={mobile ? 2 : 6}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {T.noBansFound}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {shown.rows.map((ban) =>
              mobile ? (
                <TableRow key={ban._id} data-testid="ban-row">
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <NameLink ban={ban} />
                    <div style={{ marginTop: 6 }}>
                      <StatusChip ban={ban} />
                    </div>
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <div>
                      {formatBanDate(ban.dateFrom)} – {formatBanDate(ban.dateTo)}
                    </div>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      <Reason reason={ban.reason} />
                    </Typography>
                    {canUnban(ban) && <div style={{ marginTop: 6 }}>{unbanButton(ban)}</div>}
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={ban._id} hover data-testid="ban-row">
                  <TableCell>
                    <NameLink ban={ban} />
                  </TableCell>
                  <TableCell>{formatBanDate(ban.dateFrom)}</TableCell>
                  <TableCell>{formatBanDate(ban.dateTo)}</TableCell>
                  <TableCell>
                    <StatusChip ban={ban} />
                  </TableCell>
                  <TableCell>
                    <Reason reason={ban.reason} />
                  </TableCell>
                  <TableCell align="right">{unbanButton(ban)}</TableCell>
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={shown.page}
        onPageChange={(_e, next) => setPage(next)}
        rowsPerPage={size}
        rowsPerPageOptions={[...PAGE_SIZES[layout]]}
        onRowsPerPageChange={(e) => {
          setSizes((current) => ({ ...current, [layout]: Number(e.target.value) }));
          setPage(0);
        }}
        labelRowsPerPage={mobile ? 'Rows' : T.rowsPerPage}
        showFirstButton
        showLastButton
        sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
      />
    </Paper>
  );
}
