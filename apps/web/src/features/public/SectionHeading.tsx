import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A centred h2 with an optional lead text, for the landing page's sections. */
export function SectionHeading({ id, title, text }: { id: string; title: string; text?: string }) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: { xs: 4, md: 6 } }}>
      <Typography
        id={id}
        variant="h3"
        component="h2"
        sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: text ? 1.5 : 0 }}
      >
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ fontSize: '1.1rem' }}>
          {text}
        </Typography>
      )}
    </Box>
  );
}
