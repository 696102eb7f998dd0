import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';

/** The 'Close' (×) button in a dialog's top right corner; give the title `pr: 7` so text never runs under it. */
export function DialogCloseButton({ onClose }: { onClose: () => void }) {
  return (
    <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
      <CloseIcon />
    </IconButton>
  );
}
