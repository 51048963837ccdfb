import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import TrendingDown from '@mui/icons-material/TrendingDown';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import TrendingUp from '@mui/icons-material/TrendingUp';
import type { AnalyticsFormat } from './analytics-format';
import { analyticsTexts } from './analytics-texts';
import { SparkLine } from './spark-line';
import type { MetricCard, MetricKey } from './types';

const TREND_ICON = { up: TrendingUp, down: TrendingDown, flat: TrendingFlat } as const;
const TREND_COLOR = { up: 'success.main', down: 'error.main', flat: 'text.secondary' } as const;

/** The four summary cards; choosing one shows its metric in the trend chart. */
export function MetricCards({
  cards,
  selected,
  onSelect,
  fmt,
}: {
  cards: MetricCard[];
  /** The user's language: the same figures as the charts' tables. */
  fmt: AnalyticsFormat;
  selected: MetricKey;
  onSelect: (metric: MetricKey) => void;
}) {
  const theme = useTheme();
  return (
    <Box
      role="group"
      aria-label={analyticsTexts.metrics}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {cards.map((card) => {
        const pressed = card.key === selected;
        const Icon = TREND_ICON[card.trend];
        return (
          <Card
            key={card.key}
            variant="outlined"
            sx={{
              borderColor: pressed ? 'primary.main' : 'divider',
              borderWidth: pressed ? 2 : 1,
            }}
          >
            <CardActionArea
              aria-pressed={pressed}
              onClick={() => onSelect(card.key)}
              sx={{ height: '100%' }}
            >
              {/* Inside a button: spans shown as blocks, since a button holds no block elements. */}
              <CardContent component="span" sx={{ display: 'block', p: { xs: 1.5, sm: 2 } }}>
                <Typography
                  variant="body2"
                  component="span"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  {card.label}
                </Typography>
                <Typography
                  variant="h5"
                  component="span"
                  sx={{ display: 'block', overflowWrap: 'anywhere' }}
                >
                  {fmt.metric(card.key, card.value)}
                </Typography>
                <Typography
                  variant="caption"
                  component="span"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                  color={TREND_COLOR[card.trend]}
                >
                  <Icon fontSize="inherit" aria-hidden />
                  {analyticsTexts.change(fmt.change(card.change))}
                </Typography>
                {card.spark.length > 1 && (
                  <Box component="span" aria-hidden sx={{ display: 'block', mt: 1, height: 32 }}>
                    <SparkLine
                      data={card.spark}
                      height={32}
                      color={pressed ? theme.palette.primary.main : theme.palette.text.secondary}
                    />
                  </Box>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
