import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  RIOT_LINK_MESSAGES,
  PROFILE_TEXTS,
  type CurrentUser,
  type UserProfile,
  type UserStats,
} from '@scrim-gym/shared';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { useSummonerProfile } from '../api/summoner';
import { useWideProfile } from '../hooks/useWideProfile';
import { soloQueueRank, summonerStatsUrl, truncateForWidth } from '../lib/display';
import { BackgroundPickers } from './BackgroundPickers';
import { BanButton } from './BanButton';
import { FriendButton } from './FriendButton';
import { FriendsCount } from './FriendsCount';
import { LevelProgress } from './LevelProgress';
import { PresenceLine } from './PresenceLine';
import { ProfileBadges } from './ProfileBadges';
import { RankBadge, SummonerIcon } from './SummonerIcon';

/** Who the player is: icon, name, badges, presence, rank, links, level, friends, and the actions for the viewer. */
export function ProfileHeader({
  profile,
  viewer,
  isOwn,
  stats,
  openFriends,
}: {
  profile: UserProfile;
  viewer: CurrentUser;
  isOwn: boolean;
  stats: UserStats | null;
  openFriends: boolean;
}) {
  const wide = useWideProfile();
  const { summoner } = useSummonerProfile(profile);
  const riotRank = summoner ? soloQueueRank(summoner.rankedData) : null;
  const name = truncateForWidth(profile.name, 'name', wide);
  const tagline = truncateForWidth(profile.summonerTagline, 'tagline', wide);
  const discord = truncateForWidth(profile.discord, 'discord', wide);

  return (
    <Paper
      component="section"
      aria-label={`${profile.name}'s profile`}
      sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'rgba(15,30,54,0.82)', backdropFilter: 'blur(6px)' }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 2, md: 3 }}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <Stack direction="row" spacing={2} sx={{ minWidth: 0, flexGrow: 1 }}>
          <SummonerIcon user={profile} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1 }}>
              <Typography
                variant="h4"
                component="h1"
                title={profile.name}
                sx={{ fontSize: { xs: 26, sm: 32 }, wordBreak: 'break-word', lineHeight: 1.2 }}
              >
                {name}
              </Typography>
              <Typography component="span" variant="h6" color="text.secondary" title={`#${profile.summonerTagline}`}>
                #{tagline}
              </Typography>
              {profile.verified && (
                <Box component="span" sx={{ alignSelf: 'center', display: 'inline-flex' }}>
                  <VerifiedBadge fontSize="medium" />
                </Box>
              )}
            </Stack>
            <ProfileBadges profile={profile} />
            <PresenceLine profile={profile} viewerId={viewer._id} />
            <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <RankBadge rank={profile.rank} />
              {/* Where the rank comes from, and the typed one beside Riot's: one note, not two captions run together. */}
              <Box
                component="span"
                sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 0.75 }}
              >
                <Typography variant="caption" color="text.secondary">
                  {profile.rankSource === 'riot' ? RIOT_LINK_MESSAGES.rankFromRiot : RIOT_LINK_MESSAGES.selfReported}
                </Typography>
                {profile.selfReportedRank && (
                  <>
                    <Typography variant="caption" color="text.secondary" aria-hidden>
                      ·
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {`${profile.selfReportedRank} ${RIOT_LINK_MESSAGES.selfReported}`}
                    </Typography>
                  </>
                )}
              </Box>
              {profile.rankSource === 'self' && riotRank && riotRank !== profile.rank && (
                <Chip size="small" variant="outlined" label={`Solo/Duo: ${riotRank}`} />
              )}
              <Chip size="small" label={profile.region} color="secondary" variant="outlined" />
              <Typography
                variant="body2"
                color="text.secondary"
                title={profile.discord}
                sx={{ wordBreak: 'break-all' }}
              >
                {PROFILE_TEXTS.discord}: {discord}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <Link
                href={summonerStatsUrl(profile)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={PROFILE_TEXTS.summonerStatsLabel(profile.name)}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                <InsertChartOutlinedIcon fontSize="small" />
                {PROFILE_TEXTS.summonerStats}
              </Link>
              <FriendsCount profile={profile} isOwn={isOwn} openOnLoad={isOwn && openFriends} />
            </Stack>
          </Box>
        </Stack>
        <Stack spacing={2} sx={{ width: { xs: '100%', md: 320 }, flex: 'none' }}>
          {stats && <LevelProgress stats={stats} />}
          {isOwn ? (
            <BackgroundPickers />
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row', md: 'column' }} spacing={1}>
              <FriendButton profile={profile} viewerId={viewer._id} />
              {viewer.isAdmin && !profile.isAdmin && <BanButton profile={profile} />}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
