import Chip from '@mui/material/Chip';

/** Marks a panel whose figures are the spec's sample data, not the user's. */
export function SampleChip() {
  return <Chip size="small" variant="outlined" label="Sample data" />;
}
