import Box from '@mui/material/Box';
import { ROLES, teamDisplayName } from '@scrim-gym/shared';
import { usePreviewCountdown } from './lobby-preview-clock';

/** Which slots of the picture are taken: a lobby two players short of ten. */
const OPEN_SLOTS = new Set(['blue:Support', 'red:Jungle']);

const SIDES = [
  { id: 'blue', label: teamDisplayName('teamOne'), color: '#5bb5f0' },
  { id: 'red', label: teamDisplayName('teamTwo'), color: '#f28b82' },
] as const;

/**
 * A picture of a scrim lobby drawn with CSS only (no image request, no JS weight to speak of). Decorative: the
 * page's text says everything it shows. Its clock really counts down (a frozen one looked broken).
 */
export function LobbyPreview() {
  const clock = usePreviewCountdown();
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 460,
        mx: 'auto',
        p: 3,
        borderRadius: 4,
        border: '1px solid rgba(200, 170, 110, 0.35)',
        background: 'linear-gradient(160deg, rgba(22, 42, 76, 0.96) 0%, rgba(10, 20, 40, 0.96) 100%)',
        boxShadow: '0 30px 80px -30px rgba(0, 0, 0, 0.9), 0 0 0 6px rgba(200, 170, 110, 0.05)',
        userSelect: 'none',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Box sx={{ fontWeight: 800, fontSize: '1.1rem', color: 'text.primary', flexGrow: 1 }}>Friday Night Customs</Box>
        <Box sx={chip('#0ac8b9')}>NA</Box>
        <Box sx={chip('#c8aa6e')}>Casted</Box>
      </Box>
      <Box sx={{ color: 'text.secondary', fontSize: '0.85rem', mb: 2.5 }}>
        Starts in{' '}
        <Box component="span" data-testid="lobby-preview-clock" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {clock}
        </Box>{' '}
        · 8/10 players
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto 1fr', gap: 1.5, alignItems: 'start' }}>
        {SIDES.map((side, index) => (
          <Box key={side.id} sx={{ gridColumn: index === 0 ? 1 : 3, display: 'grid', gap: 1 }}>
            <Box
              sx={{
                fontSize: '0.75rem',
                fontWeight: 700,
                letterSpacing: 1,
                textTransform: 'uppercase',
                color: side.color,
              }}
            >
              {side.label}
            </Box>
            {ROLES.map((role) => {
              const open = OPEN_SLOTS.has(`${side.id}:${role}`);
              return (
                <Box
                  key={role}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    px: 1.25,
                    py: 0.75,
                    borderRadius: 1.5,
                    fontSize: '0.8rem',
                    border: open ? '1px dashed rgba(10, 200, 185, 0.7)' : '1px solid rgba(182, 194, 214, 0.12)',
                    background: open ? 'rgba(10, 200, 185, 0.08)' : 'rgba(255, 255, 255, 0.03)',
                  }}
                >
                  <Box sx={{ width: 48, flex: 'none', color: 'text.secondary' }}>{role}</Box>
                  {open ? (
                    <Box sx={{ color: '#0ac8b9', fontWeight: 700 }}>Open</Box>
                  ) : (
                    <Box
                      sx={{
                        height: 8,
                        flexGrow: 1,
                        borderRadius: 4,
                        background: `linear-gradient(90deg, ${side.color}88, ${side.color}22)`,
                      }}
                    />
                  )}
                </Box>
              );
            })}
          </Box>
        ))}
        <Box
          sx={{
            gridColumn: 2,
            gridRow: 1,
            alignSelf: 'center',
            fontWeight: 900,
            fontSize: '1.1rem',
            color: 'primary.main',
            fontStyle: 'italic',
          }}
        >
          VS
        </Box>
      </Box>
    </Box>
  );
}

function chip(color: string) {
  return {
    px: 1,
    py: 0.25,
    borderRadius: 1,
    fontSize: '0.75rem',
    fontWeight: 700,
    color,
    border: `1px solid ${color}80`,
    background: `${color}14`,
  } as const;
}
