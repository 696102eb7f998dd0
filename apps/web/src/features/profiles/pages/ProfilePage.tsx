import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import {
  PROFILE_MESSAGES,
  REGIONS,
  summonerNameSchema,
  PROFILE_TEXTS,
  type Region,
  type UserProfile,
} from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser } from '../../auth/api/session';
import { useProfile } from '../api/profile';
import { useUserStats } from '../api/scrim-lists';
import { useLiveFriendship } from '../hooks/useLiveFriendship';
import { ProfileBackground } from '../components/ProfileBackground';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileStatistics } from '../components/ProfileStatistics';
import { ProfileScrimLists } from '../components/ProfileScrimLists';
import { RatingCard } from '../components/RatingCard';
import { ReliabilityCard } from '../components/ReliabilityCard';
import { ProfileDraftStats } from '../components/ProfileDraftStats';

/** The match history from Riot: tables, selects and the trend in a chunk of their own. */
const MatchHistory = lazy(() =>
  import('../components/match-history/MatchHistory').then((m) => ({ default: m.MatchHistory })),
);

const asRegion = (value: string | null) =>
  (REGIONS as readonly string[]).includes(value ?? '') ? (value as Region) : undefined;

/**
 * The spec's 'User {name} was not found[ in {region}]' names only what can be a summoner name and a region: any
 * other text from the address is left out, so a crafted link cannot put its own sentence in our alert.
 */
const notFoundMessage = (name: string, region: Region | undefined) =>
  summonerNameSchema.safeParse(name).success ? PROFILE_MESSAGES.userNotFound(name, region) : PROFILE_TEXTS.userNotFound;

/** The user profile page: /users/:name?region=...[&tagline=...]. */
export function ProfilePage() {
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const regionParam = params.get('region');
  const address = {
    name,
    region: asRegion(regionParam),
    tagline: params.get('tagline') || undefined,
  };
  const query = useProfile(address);
  const showAlert = useAlert();
  const alerted = useRef(false);
  const failed = query.isError || (regionParam !== null && !address.region);

  useEffect(() => {
    if (!failed || alerted.current) return;
    alerted.current = true;
    // Spec 8: 'User {name} was not found', with ' in {region}' when a region is given; then home.
    showAlert({ type: 'Error', message: notFoundMessage(name, address.region) });
  }, [failed, name, address.region, showAlert]);

  if (failed) return <Navigate to="/" replace />;
  if (!query.data) return <LoadingScreen text={PROFILE_TEXTS.loading} />;
  return <ProfileView profile={query.data} openFriends={params.get('friends') === '1'} />;
}

function ProfileView({ profile, openFriends }: { profile: UserProfile; openFriends: boolean }) {
  const { user: viewer } = useCurrentUser();
  const { stats } = useUserStats(profile._id);
  useLiveFriendship(viewer?._id);
  useEffect(() => {
    const previous = document.title;
    document.title = `${profile.name} #${profile.summonerTagline} | Scrim Gym`;
    return () => {
      document.title = previous;
    };
  }, [profile.name, profile.summonerTagline]);
  if (!viewer) return null;
  const isOwn = viewer._id === profile._id;

  return (
    // Not positioned and no stacking context: the background (absolute, z-index -1) spans the app's layout, the
    // whole page with the footer, under everything.
    <Box sx={{ minHeight: '100%' }}>
      <ProfileBackground image={profile.profileBackgroundImg} blur={profile.profileBackgroundBlur} />
      <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={{ xs: 2, sm: 3 }}>
          <ProfileHeader profile={profile} viewer={viewer} isOwn={isOwn} stats={stats} openFriends={openFriends} />
          <RatingCard userId={profile._id} />
          <ReliabilityCard userId={profile._id} viewerIsAdmin={viewer.isAdmin} />
          {stats && <ProfileStatistics userId={profile._id} stats={stats} />}
          <ProfileDraftStats userId={profile._id} />
          <Suspense>
            <MatchHistory userId={profile._id} />
          </Suspense>
          <ProfileScrimLists userId={profile._id} canSeeCreated={isOwn || viewer.isAdmin} />
        </Stack>
      </Container>
    </Box>
  );
}
