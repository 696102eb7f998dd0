import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PROFILE_TEXTS, type Region } from '@scrim-gym/shared';
import { profileIconUrl } from '../../../lib/ddragon';
import { useDdragon, useSummonerProfile } from '../api/summoner';
import { DEFAULT_SUMMONER_ICON, rankEmblemUrl } from '../lib/art';

/**
 * Profile icon and summoner level from Riot; on any failure the fallback: the default icon and no
 * level badge (the fallback's level 0 is no level: a "0" beside the app's own level read as a bug), and the rank
 * the user gave at sign-up instead of Riot's.
 */
export function SummonerIcon({ user }: { user: { name: string; summonerTagline: string; region: Region } }) {
  const { summoner } = useSummonerProfile(user);
  const ddragon = useDdragon();
  const [broken, setBroken] = useState<string | null>(null);
  const remote = summoner && ddragon && !summoner.fallback ? profileIconUrl(ddragon, summoner.profileIconId) : null;
  const src = remote && broken !== remote ? remote : DEFAULT_SUMMONER_ICON;
  const level = summoner && !summoner.fallback && summoner.summonerLevel > 0 ? summoner.summonerLevel : null;
  return (
    <Box
      sx={{
        position: 'relative',
        width: { xs: 84, sm: 104 },
        flex: 'none',
        alignSelf: 'flex-start',
        pb: level ? 1.5 : 0,
      }}
    >
      <Box
        component="img"
        src={src}
        alt=""
        width={104}
        height={104}
        onError={() => setBroken(remote)}
        sx={{
          width: '100%',
          height: 'auto',
          aspectRatio: '1',
          borderRadius: 2,
          border: '3px solid',
          borderColor: 'primary.main',
          display: 'block',
          bgcolor: 'background.default',
        }}
      />
      {level !== null && (
        <Typography
          component="span"
          aria-label={PROFILE_TEXTS.summonerLevel(level)}
          sx={{
            position: 'absolute',
            bottom: 0,
            left: '50%',
            transform: 'translateX(-50%)',
            px: 1,
            borderRadius: 5,
            fontSize: 13,
            fontWeight: 700,
            bgcolor: 'background.default',
            border: '2px solid',
            borderColor: 'primary.main',
            color: 'primary.main',
            whiteSpace: 'nowrap',
          }}
        >
          {level}
        </Typography>
      )}
    </Box>
  );
}

/** The rank emblem and text: Riot's solo queue rank when known, else the rank the user gave. */
export function RankBadge({ rank }: { rank: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="img" src={rankEmblemUrl(rank)} alt="" width={28} height={28} />
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {rank}
      </Typography>
    </Box>
  );
}
