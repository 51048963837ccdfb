import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

export interface SectionCardProps {
  title: ReactNode;
  /** The heading's level in the page outline: a panel on a page is 2, a card inside a panel 3. */
  level?: 2 | 3 | 4;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Shown at the end of the title row: a status chip or a small button. */
  action?: ReactNode;
  children?: ReactNode;
  sx?: SxProps<Theme>;
  contentSx?: SxProps<Theme>;
  titleSx?: SxProps<Theme>;
}

/**
 * An outlined card that is a landmark section named by its heading, so screen readers list it
 * among the page's regions under the same name the eye reads.
 */
export function SectionCard({
  title,
  level = 2,
  subtitle,
  action,
  children,
  sx,
  contentSx,
  titleSx,
}: SectionCardProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={sx}>
      <CardContent sx={contentSx}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component={`h${level}`} sx={titleSx}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
