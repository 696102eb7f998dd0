import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, SCRIM_MESSAGES, SCRIM_TEXTS } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useAddImage, useRemoveImage } from '../api/scrim-actions';
import type { ScrimView } from './scrim-view-context';

/** The client-side checks: an image type, at most 2 MB. The server checks the bytes again. */
export function imageProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return SCRIM_MESSAGES.imageNotImage(file.name);
  if (file.size > IMAGE_MAX_BYTES) return SCRIM_MESSAGES.imageTooBig(file.name);
  return null;
}

/**
 * Post-game image: the captain or an admin uploads one while none exists; then 'View Image', and
 * only admins replace or delete it.
 */
export function PostGameImage({ view }: { view: ScrimView }) {
  const { scrim, rel, timing, busy, confirm } = view;
  const input = useRef<HTMLInputElement>(null);
  const showAlert = useAlert();
  const add = useAddImage();
  const remove = useRemoveImage();
  const image = scrim.postGameImage;
  const canUpload = image ? rel.can.removeImage : rel.can.addImage;
  if (!image && (timing === 'upcoming' || !canUpload)) return null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) return showAlert({ type: 'Error', message: problem });
    if (!(await confirm({ title: SCRIM_MESSAGES.confirmUpload }))) return;
    add.mutate({ scrimId: scrim._id, file });
  };
  const onDelete = async () => {
    if (
      await confirm({
        title: SCRIM_MESSAGES.confirmDeleteImage,
        confirmLabel: SCRIM_TEXTS.deleteImage,
        destructive: true,
      })
    ) {
      remove.mutate({ scrimId: scrim._id });
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {SCRIM_TEXTS.postGameImage}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        {image && (
          <Button size="small" variant="outlined" href={image.location} target="_blank" rel="noopener">
            {SCRIM_TEXTS.viewImage}
          </Button>
        )}
        {canUpload && (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
            {image ? SCRIM_TEXTS.replaceImage : SCRIM_TEXTS.uploadImage}
          </Button>
        )}
        {image && rel.can.removeImage && (
          <Button size="small" color="error" disabled={busy} onClick={() => void onDelete()}>
            {SCRIM_TEXTS.deleteImage}
          </Button>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(e) => void onFile(e)}
      />
    </Stack>
  );
}
