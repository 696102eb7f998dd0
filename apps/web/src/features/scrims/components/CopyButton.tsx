import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCopy } from '../hooks/useCopy';

/** A value shown as a button that copies it, confirmed with the spec's clipboard message. */
export function CopyButton({
  value,
  message,
  label,
  sx,
  size = 'small',
}: {
  value: string;
  message: string;
  /** Accessible name, when the value alone does not say what is copied. */
  label?: string;
  sx?: SxProps<Theme>;
  size?: 'small' | 'medium' | 'large';
}) {
  const copy = useCopy();
  return (
    <Button
      size={size}
      color="inherit"
      aria-label={label}
      endIcon={<ContentCopyIcon fontSize="inherit" />}
      onClick={() => void copy(value, message)}
      sx={[
        {
          textTransform: 'none',
          fontWeight: 600,
          minWidth: 0,
          maxWidth: '100%',
          justifyContent: 'flex-start',
          '& .MuiButton-endIcon': { ml: 0.5 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{value}</span>
    </Button>
  );
}
