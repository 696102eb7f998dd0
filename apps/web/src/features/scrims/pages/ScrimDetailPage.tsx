import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { SCRIM_MESSAGES } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { ApiError } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useScrim } from '../api/scrim';
import { ScrimCard } from '../components/ScrimCard';
import { useScrimSocket } from '../hooks/useScrimSocket';
import { scrimTitle } from '../lib/scrim-view';

/** A missing scrim (404, or an id that cannot be one: 400) versus any other lookup failure (spec 2). */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** /scrims/:id (spec 2, Scrim detail): the card always expanded, live, titled after the scrim. */
export function ScrimDetailPage() {
  const { id = '' } = useParams();
  const query = useScrim(id);
  const showAlert = useAlert();
  useScrimSocket({ scrimId: id });

  const title = query.data ? scrimTitle(query.data) : null;
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  const error = query.isError ? query.error : null;
  useEffect(() => {
    if (error)
      showAlert({ type: 'Error', message: isMissing(error) ? SCRIM_MESSAGES.notFound : SCRIM_MESSAGES.lookupError });
  }, [error, showAlert]);

  if (error) return <Navigate to="/scrims" replace />;
  if (!query.data) return <LoadingScreen text={SCRIM_MESSAGES.loading} />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <ScrimCard scrim={query.data} alwaysExpanded />
    </Container>
  );
}
