import Container from '@mui/material/Container';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, SCRIM_MESSAGES, SCRIM_TEXTS } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser } from '../../auth/api/session';
import { creatableRegions } from '../../auth/lib/hosts';
import { useTournamentCodes } from '../api/capabilities';
import { useCreateScrim } from '../api/scrim-admin';
import { scrimPath } from '../lib/paths';
import { ScrimForm } from '../components/ScrimForm';
import { serverMessage } from '../lib/errors';
import { createDefaults, hostOptions, toCreateBody, type ScrimFormValues } from '../lib/scrim-form';

/**
 * /scrims/new (admins, and community hosts in the regions they host): 'Create New Scrim'; on success the new
 * scrim's page.
 */
export function CreateScrimPage() {
  const codes = useTournamentCodes();
  // The defaults depend on whether this server makes tournament codes: the form starts once that is known.
  if (!codes.known) return <LoadingScreen text={MESSAGES.checkingPermissions} />;
  return <CreateScrimForm tournamentCodes={codes.available} />;
}

function CreateScrimForm({ tournamentCodes }: { tournamentCodes: boolean }) {
  const { user } = useCurrentUser();
  const create = useCreateScrim();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const regions = creatableRegions(user);
  // A host starts in their own region when they host it, else in the first region they host.
  const [initial] = useState(() => {
    const own = user?.region ?? 'NA';
    return createDefaults(regions.includes(own) ? own : (regions[0] ?? own), Date.now(), tournamentCodes);
  });

  const onSubmit = (values: ScrimFormValues) =>
    create.mutate(toCreateBody(values), {
      onSuccess: (scrim) => {
        showAlert({
          type: 'Success',
          message: scrim.isPrivate ? SCRIM_MESSAGES.createdPrivate : SCRIM_MESSAGES.created,
        });
        navigate(scrimPath(scrim._id));
      },
      onError: (error) => showAlert({ type: 'Error', message: serverMessage(error, SCRIM_TEXTS.createError) }),
    });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <ScrimForm
        mode="create"
        initial={initial}
        ownRegion={user?.region}
        regions={user?.isAdmin ? undefined : regions}
        hostOptions={hostOptions('create', null, user?._id ?? '')}
        submitting={create.isPending}
        onSubmit={onSubmit}
        tournamentCodes={tournamentCodes}
      />
    </Container>
  );
}
