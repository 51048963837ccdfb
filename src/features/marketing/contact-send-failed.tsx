import Alert from '@mui/material/Alert';

/** The failed send's alert: loaded once the visitor starts on the form, not with the page. */
export function SendFailedAlert({ message }: { message: string }) {
  return <Alert severity="error">{message}</Alert>;
}
