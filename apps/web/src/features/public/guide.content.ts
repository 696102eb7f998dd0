/** Texts of the user guide (/guide). */

export const GUIDE_TITLE = 'User Guide';

export const GUIDE_INTRO =
  'Everything you need for your first scrim, from sign-up to reporting the winner. Read the steps below or flip through the slides.';

/** The embedded presentation; the server's CSP allows frames from docs.google.com only. */
export const GUIDE_SLIDES_URL =
  'https://docs.google.com/presentation/d/e/2PACX-1vScrimGymUserGuide/embed?start=false&loop=false';

export const GUIDE_SLIDES_TITLE = 'Scrim Gym user guide slides';

export const GUIDE_STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Sign up',
    text: 'Choose Sign Up and sign in with your account, then fill in your summoner profile: summoner name, tagline (without #, e.g. NA1), region, rank and discord username. Use your real in-game details so other players can find you.',
  },
  {
    title: 'Find a scrim',
    text: 'Open Browse Scrims. Pick a date and your region to see that day’s scrims: upcoming, current and previous games. A private scrim only appears through its share link.',
  },
  {
    title: 'Join a team and role',
    text: 'Pick an open slot on Team One (Blue Side) or Team Two (Red Side): Top, Jungle, Mid, ADC or Support. You can move to another open slot or leave before the game starts.',
  },
  {
    title: 'Cast a game',
    text: 'Prefer to commentate? Choose Join Cast on a scrim that allows casters (up to two per game). A player cannot be a caster in the same scrim.',
  },
  {
    title: 'Get into the lobby',
    text: 'Once ten players are in, a lobby captain is picked and the lobby details appear on the scrim: a tournament code to join with, or a lobby name and password. Click them to copy, then join from the League client.',
  },
  {
    title: 'Report the winner',
    text: 'After the game, the lobby captain reports the winning team on the scrim page and can upload a post-game image. Wins, games played and games casted count towards your level and statistics.',
  },
];

export const GUIDE_HELP = {
  title: 'Need a hand?',
  text: 'Ask the community on our Discord server, where players and admins are happy to help.',
  linkLabel: 'Join the Scrim Gym Discord',
  href: 'https://discord.gg/scrimgym',
} as const;
