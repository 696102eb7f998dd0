import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, px: 2, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}
    >
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mb: 1 }}>
        <Link component={RouterLink} to="/privacy-policy" color="inherit">
          Privacy Policy
        </Link>
        <Link component={RouterLink} to="/terms-of-service" color="inherit">
          Terms of Service
        </Link>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Scrim Gym
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ maxWidth: 720, mx: 'auto', mt: 1 }}>
        Scrim Gym is not endorsed by Riot Games and does not reflect the views or opinions of Riot Games or anyone
        officially involved in producing or managing Riot Games properties. Riot Games and all associated properties are
        trademarks or registered trademarks of Riot Games, Inc. Scrim Gym is not affiliated with Riot Games.
      </Typography>
    </Box>
  );
}
