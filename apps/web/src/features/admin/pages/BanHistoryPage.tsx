import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { ADMIN_TEXTS as T, type BanHistoryEntry } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useBanHistory } from '../api/admin';
import { useUnban } from '../api/unban';
import { BanHistoryTable } from '../components/bans/BanHistoryTable';
import { dashboardTheme } from '../theme';

/** /admin/bans and /ban-history: the ban history table, with lifting. */
export function BanHistoryPage() {
  const history = useBanHistory();
  const unban = useUnban();
  const showAlert = useAlert();
  const [confirm, confirmDialog] = useConfirm();
  const [unbanning, setUnbanning] = useState<string | null>(null);

  useEffect(() => {
    // A failed load is only logged; the page renders empty.
    if (history.error) console.error('Error loading the ban history', history.error);
  }, [history.error]);

  const onUnban = async (ban: BanHistoryEntry) => {
    if (!(await confirm({ title: T.confirmUnban(ban._user.name), confirmLabel: T.unban }))) return;
    setUnbanning(ban._id);
    unban.mutate(ban._user._id, {
      onSuccess: (answer) => showAlert({ type: 'Success', message: answer.message || T.userUnbanned }),
      onError: (error) => showAlert({ type: 'Error', message: messageOf(error, T.unbanError) }),
      onSettled: () => setUnbanning(null),
    });
  };

  return (
    <ThemeProvider theme={dashboardTheme}>
      <Box>
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 }, display: 'grid', gap: 2 }}>
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
              {T.banHistoryTitle}
            </Typography>
            <Typography color="text.secondary">{T.banHistoryIntro}</Typography>
          </Box>
          {history.isPending ? (
            <LoadingScreen text={T.loadingData} />
          ) : (
            <BanHistoryTable bans={history.data ?? []} onUnban={onUnban} unbanning={unbanning} />
          )}
        </Container>
        {confirmDialog}
      </Box>
    </ThemeProvider>
  );
}
