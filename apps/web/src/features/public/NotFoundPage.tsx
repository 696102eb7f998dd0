import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import { useLocation, Link as RouterLink } from 'react-router';
import { MESSAGES } from '@scrim-gym/shared';
import { StatusPage } from './StatusPage';

/** Any unknown path (spec 2): 'Oops, {path} doesn't exist!' and a way home. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatusPage mark="404" title={MESSAGES.notFound(pathname)}>
      <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeIcon />}>
        Back to Home
      </Button>
    </StatusPage>
  );
}
