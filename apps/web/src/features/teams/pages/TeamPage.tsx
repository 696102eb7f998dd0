import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { TEAM_TEXTS as T, type TeamMember, type TeamView } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser } from '../../auth/api/session';
import { useDeleteTeam, useRemoveMember, useTeam, useUpdateMember, useUpdateTeam } from '../api/teams';
import { InvitePanel } from '../components/InvitePanel';
import { Roster } from '../components/Roster';
import { TeamRatingChart } from '../components/TeamRatingChart';
import { TeamSeriesLists } from '../components/TeamSeriesLists';
import { TeamDraftStats } from '../components/TeamDraftStats';
import { TeamBadge } from '../../../components/TeamBadge';
import { TeamForm } from '../components/TeamForm';
import { usePageTitle } from '../../../lib/use-page-title';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `team-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

/** /teams/:id: the team, its numbers and roster; what the viewer may change is what the server says (`can`). */
export function TeamPage() {
  const { id = '' } = useParams();
  const team = useTeam(id);
  const { user } = useCurrentUser();
  usePageTitle(team.data ? `${team.data.name} | Scrim Gym` : T.pageTitle);
  if (team.isPending) return <LoadingScreen text={T.loading} />;
  if (team.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">{T.notFound}</Alert>
      </Container>
    );
  }
  return <TeamDetails team={team.data} viewerId={user?._id ?? ''} />;
}

function TeamDetails({ team, viewerId }: { team: TeamView; viewerId: string }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateTeam(team._id);
  const remove = useDeleteTeam(team._id);
  const setMember = useUpdateMember(team._id);
  const removeMember = useRemoveMember(team._id);
  const showAlert = useAlert();
  const [confirm, confirmDialog] = useConfirm();
  const navigate = useNavigate();
  const failed = (error: unknown) => showAlert({ type: 'Error', message: messageOf(error, T.failedAction) });
  const done = (message: string) => () => showAlert({ type: 'Success', message });
  const { rating, record, reliability } = team;

  const removeFromTeam = async (member: TeamMember) => {
    if (!(await confirm({ title: T.confirmRemove(member.user.name), confirmLabel: T.remove, destructive: true })))
      return;
    removeMember.mutate(member.user._id, { onSuccess: done(T.removed(member.user.name)), onError: failed });
  };
  const makeOwner = async (member: TeamMember) => {
    const ok = await confirm({
      title: T.confirmOwner(member.user.name),
      message: T.confirmOwnerText,
      confirmLabel: T.makeOwner,
    });
    if (!ok) return;
    setMember.mutate(
      { userId: member.user._id, role: member.role, isCaptain: true, isOwner: true },
      { onSuccess: done(T.ownerHandedOver(member.user.name)), onError: failed },
    );
  };
  const leave = async () => {
    if (!(await confirm({ title: T.confirmLeave(team.name), confirmLabel: T.leave, destructive: true }))) return;
    removeMember.mutate(viewerId, {
      onSuccess: () => {
        showAlert({ type: 'Success', message: T.left(team.name) });
        void navigate('/teams');
      },
      onError: failed,
    });
  };
  const deleteTeam = async () => {
    const ok = await confirm({
      title: T.confirmDelete(team.name),
      message: T.confirmDeleteText,
      confirmLabel: T.delete,
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        showAlert({ type: 'Success', message: T.deleted(team.name) });
        void navigate('/teams');
      },
      onError: failed,
    });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          {editing ? (
            <TeamForm
              initial={{ name: team.name, tag: team.tag, region: team.region, logoUrl: team.logoUrl ?? '' }}
              submitLabel={T.save}
              busy={update.isPending}
              regionFixed
              onCancel={() => setEditing(false)}
              onSubmit={({ name, tag, logoUrl }) =>
                update.mutate(
                  { name, tag, logoUrl: logoUrl ?? null },
                  {
                    onSuccess: () => {
                      setEditing(false);
                      showAlert({ type: 'Success', message: T.saved });
                    },
                    onError: failed,
                  },
                )
              }
            />
          ) : (
            <Stack spacing={2}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              >
                <TeamBadge team={team} size={64} heading />
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {team.can.edit && (
                    <Button variant="outlined" onClick={() => setEditing(true)}>
                      {T.edit}
                    </Button>
                  )}
                  {team.can.leave && (
                    <Button color="warning" onClick={() => void leave()} disabled={removeMember.isPending}>
                      {T.leave}
                    </Button>
                  )}
                  {team.can.delete && (
                    <Button color="error" onClick={() => void deleteTeam()} disabled={remove.isPending}>
                      {T.delete}
                    </Button>
                  )}
                </Stack>
              </Stack>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
                <Stat
                  label={T.rating}
                  value={String(rating.display)}
                  hint={rating.provisional ? T.provisional : undefined}
                />
                <Stat label={T.record} value={T.recordValue(record.wins, record.losses)} />
                <Stat
                  label={T.reliability}
                  value={reliability.score === null ? T.noSeries : `${reliability.score}%`}
                  hint={T.seriesPlayed(reliability.played, reliability.score !== null)}
                />
              </Stack>
            </Stack>
          )}
        </Paper>
        {/* Captains invite: they are the ones the empty chart points to the board. */}
        <TeamRatingChart teamId={team._id} isCaptain={team.can.invite} />
        <TeamSeriesLists teamId={team._id} isCaptain={team.can.invite} />
        <TeamDraftStats teamId={team._id} />
        <Panel title={T.roster}>
          <Roster
            team={team}
            viewerId={viewerId}
            actions={{
              busy: setMember.isPending || removeMember.isPending,
              setPlace: (member, place) =>
                setMember.mutate(
                  { userId: member.user._id, ...place },
                  { onSuccess: done(T.memberSaved(member.user.name)), onError: failed },
                ),
              makeOwner: (member) => void makeOwner(member),
              remove: (member) => void removeFromTeam(member),
            }}
          />
        </Panel>
        {team.can.invite && (
          <Panel title={T.invite}>
            <InvitePanel teamId={team._id} />
          </Panel>
        )}
      </Stack>
      {confirmDialog}
    </Container>
  );
}
