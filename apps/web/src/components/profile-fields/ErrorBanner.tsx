import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { MESSAGES } from '@scrim-gym/shared';

export function ErrorBanner({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{MESSAGES.correctErrors}</AlertTitle>
      {errors.map((error) => (
        <div key={error}>{error}</div>
      ))}
    </Alert>
  );
}
