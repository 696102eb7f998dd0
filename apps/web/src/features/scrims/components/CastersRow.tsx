import MicIcon from '@mui/icons-material/Mic';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { profilePath } from '../../../lib/profile-link';
import { useJoinCast, useLeaveCast } from '../api/scrim-actions';
import type { ScrimView } from './scrim-view-context';

/**
 * Casters: join while the cast has room and you are not a caster; leave when you are; both
 * hidden once the game has ended. Nothing shows when the scrim has casting turned off.
 */
export function CastersRow({ view }: { view: ScrimView }) {
  const joinCast = useJoinCast();
  const leaveCast = useLeaveCast();
  const { scrim, rel, userId, busy, timing } = view;
  if (!scrim.isWithCasters) return null;
  const ended = timing === 'previous' || view.over;
  // A player of this scrim cannot cast it, nor a player of a series game's teams (can.joinCast): not offered.
  const canJoin =
    !ended && rel.can.joinCast && !rel.isCaster && !rel.player && scrim.casters.length < scrim.maxCastersAllowedCount;
  const canLeave = !ended && rel.isCaster;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <MicIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {SCRIM_TEXTS.castersCount(scrim.casters.length, scrim.maxCastersAllowedCount)}:
      </Typography>
      <Typography variant="body2" component="span">
        {scrim.casters.length === 0
          ? SCRIM_TEXTS.noCasters
          : scrim.casters.map((caster, i) => (
              <Fragment key={caster._id}>
                {i > 0 && ', '}
                <Link
                  component={RouterLink}
                  to={profilePath(caster)}
                  underline="hover"
                  color="inherit"
                  sx={{ fontWeight: 600 }}
                >
                  {caster.name}
                </Link>
              </Fragment>
            ))}
      </Typography>
      {userId && canJoin && (
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          disabled={busy}
          onClick={() => joinCast.mutate({ scrimId: scrim._id, userId })}
        >
          {SCRIM_TEXTS.joinCast}
        </Button>
      )}
      {userId && canLeave && (
        <Button
          size="small"
          color="warning"
          disabled={busy}
          onClick={() => leaveCast.mutate({ scrimId: scrim._id, userId })}
        >
          {SCRIM_TEXTS.leaveCast}
        </Button>
      )}
    </Box>
  );
}
