import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { MESSAGES, SCRIM_MESSAGES, SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser } from '../../auth/api/session';
import { creatableRegions } from '../../auth/lib/hosts';
import { useTournamentCodes } from '../api/capabilities';
import { useDeleteScrim, useUpdateScrim } from '../api/scrim-admin';
import { scrimQuery, useScrim } from '../api/scrim';
import { scrimPath } from '../lib/paths';
import { ScrimForm } from '../components/ScrimForm';
import { serverMessage } from '../lib/errors';
import { editValues, hostOptions, modeLocked, toUpdateBody, type ScrimFormValues } from '../lib/scrim-form';
import { abilitiesOf, teamsFull } from '../lib/scrim-view';

/** The edit page's re-fetch delay after a save that should produce a tournament code. */
export const CODE_REFETCH_MS = 3000;

/**
 * After save: full teams, no code and the option on → if the game started, 'being generated' and a
 * re-fetch 3 s later that reports the code; if not, 'generated when the game starts'.
 */
function useAfterSave() {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const codes = useTournamentCodes();
  return (saved: Scrim) => {
    // Without a Riot API key no code is ever made: no 'being generated' alert.
    const needsCode =
      codes.available && teamsFull(saved) && saved.useTournamentCode && !saved.riotTournament?.tournamentCode;
    if (!needsCode) return showAlert({ type: 'Success', message: SCRIM_TEXTS.updated });
    if (new Date(saved.gameStartTime).getTime() > Date.now())
      return showAlert({ type: 'Success', message: SCRIM_TEXTS.codeAtStart });
    showAlert({ type: 'Info', message: SCRIM_TEXTS.codeGenerating });
    setTimeout(() => {
      void queryClient.fetchQuery({ ...scrimQuery(saved._id), staleTime: 0 }).then(
        (fresh) => {
          const code = fresh.riotTournament?.tournamentCode;
          if (code) showAlert({ type: 'Success', message: SCRIM_TEXTS.codeFound(code) });
        },
        () => undefined,
      );
    }, CODE_REFETCH_MS);
  };
}

function EditScrimForm({ scrim, userId }: { scrim: Scrim; userId: string }) {
  const update = useUpdateScrim(scrim._id);
  const remove = useDeleteScrim(scrim._id);
  const [confirm, confirmDialog] = useConfirm();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const afterSave = useAfterSave();
  const { user } = useCurrentUser();
  const codes = useTournamentCodes();

  const onSubmit = async (values: ScrimFormValues) => {
    if (!(await confirm({ title: SCRIM_MESSAGES.confirmUpdate, confirmLabel: SCRIM_TEXTS.saveChanges }))) return;
    update.mutate(toUpdateBody(values, scrim), {
      onSuccess: (saved) => {
        afterSave(saved);
        navigate(scrimPath(saved._id));
      },
      onError: (error) => showAlert({ type: 'Error', message: serverMessage(error, SCRIM_TEXTS.updateError) }),
    });
  };

  const onDelete = async () => {
    const confirmed = await confirm({
      title: SCRIM_MESSAGES.confirmDelete,
      message: SCRIM_TEXTS.deleteUndone,
      confirmLabel: SCRIM_TEXTS.deleteScrim,
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        showAlert({ type: 'Success', message: SCRIM_MESSAGES.deleted });
        navigate('/scrims');
      },
      onError: (error) => showAlert({ type: 'Error', message: serverMessage(error, SCRIM_TEXTS.deleteError) }),
    });
  };

  return (
    <>
      <ScrimForm
        mode="edit"
        initial={editValues(scrim, userId)}
        ownRegion={user?.region}
        regions={user?.isAdmin ? undefined : creatableRegions(user)}
        hostOptions={hostOptions('edit', scrim, userId)}
        submitting={update.isPending || remove.isPending}
        onSubmit={(values) => void onSubmit(values)}
        tournamentCodes={codes.available || !codes.known}
        modeLocked={modeLocked(scrim)}
        winnerEditable={Boolean(user?.isAdmin)}
        draftEditable={scrim.series === null}
        onTournamentCodeOn={() => {
          if (codes.available && teamsFull(scrim) && !scrim.riotTournament?.tournamentCode)
            showAlert({ type: 'Info', message: SCRIM_TEXTS.saveForCode });
        }}
        extraActions={
          // Deleting a scrim stays with the admins (a host cancels theirs instead).
          user?.isAdmin && (
            <Button
              color="error"
              variant="outlined"
              size="large"
              onClick={() => void onDelete()}
              disabled={update.isPending || remove.isPending}
            >
              {SCRIM_TEXTS.deleteScrim}
            </Button>
          )
        }
      />
      {confirmDialog}
    </>
  );
}

/**
 * /scrims/:id/edit (admins, and the scrim's community host): 'Edit Scrim'; a failed load goes home with 'Error
 * finding scrim, returning…', a scrim the user does not run goes home with 'no permission'.
 */
export function EditScrimPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const query = useScrim(id, { refetchOnMount: 'always' });
  const showAlert = useAlert();
  const failed = query.isError;
  const refused = Boolean(query.data && !abilitiesOf(query.data, user).edit);
  useEffect(() => {
    if (failed) showAlert({ type: 'Error', message: SCRIM_TEXTS.editLoadError });
    else if (refused) showAlert({ type: 'Error', message: MESSAGES.noPermission });
  }, [failed, refused, showAlert]);

  if (failed || refused) return <Navigate to="/" replace />;
  // Wait for a fresh copy: the form takes its initial values once.
  if (!query.data || !query.isFetchedAfterMount) return <LoadingScreen text={SCRIM_MESSAGES.loading} />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <EditScrimForm key={query.data._id} scrim={query.data} userId={user?._id ?? ''} />
    </Container>
  );
}
