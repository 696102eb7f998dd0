import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../auth/api/session';

/**
 * The signed-in home at /scrims. The Scrims Hub (browse, join, cast) is issue #3; until it lands this page
 * welcomes the player and points at what already works.
 */
export function HomePage() {
  const { user } = useCurrentUser();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Welcome, {user?.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {user?.rank} · {user?.region}. Browsing and joining scrims opens here soon.
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" component={RouterLink} to="/settings">
          Settings
        </Button>
        <Button variant="outlined" component={RouterLink} to="/guide">
          User Guide
        </Button>
      </Stack>
    </Container>
  );
}
