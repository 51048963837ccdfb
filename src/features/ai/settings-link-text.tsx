import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';

const SETTINGS_WORD = /\bSettings(?=\.$)/;

/**
 * A message that ends "… in Settings." with "Settings" as a link to Settings › Integrations,
 * where the AI key goes; the text itself stays the spec's. Other messages are shown as they are.
 */
export function SettingsLinkedText({ text }: { text: string }) {
  const match = SETTINGS_WORD.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      {text.slice(0, match.index)}
      <Link
        component={RouterLink}
        to="/settings"
        state={{ tab: 'integrations' }}
        color="inherit"
        sx={{ fontWeight: 600 }}
      >
        Settings
      </Link>
      {text.slice(match.index + 'Settings'.length)}
    </>
  );
}
