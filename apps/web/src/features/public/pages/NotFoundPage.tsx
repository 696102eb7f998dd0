import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { MESSAGES } from '@scrim-gym/shared';
import { StatusPage } from './StatusPage';

const NOT_FOUND_PATH = 'this page';

/**
 * Any unknown path: 'Oops, {path} doesn't exist!' and a way home. The page says "this page" for {path}:
 * the path is text anyone can write into a link, and no page shows text taken from the address.
 */
export function NotFoundPage() {
  return (
    <StatusPage mark="404" title={MESSAGES.notFound(NOT_FOUND_PATH)}>
      <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeIcon />}>
        Back to Home
      </Button>
    </StatusPage>
  );
}
