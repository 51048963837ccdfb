import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { platformLabels } from '../../lib/platforms';
import { AiAssistantsPanel } from '../ai';

type IntegrationsTab = 'ai' | 'social';

const PLATFORM_STATUS: { name: string; status: string; color: 'success' | 'warning' }[] = [
  { name: platformLabels.facebook, status: 'Ready', color: 'success' },
  { name: platformLabels.linkedin, status: 'Setup Required', color: 'warning' },
];

const COMING_SOON = [platformLabels.twitter, platformLabels.instagram];

function SocialPlatformsPanel() {
  return (
    <Stack spacing={3}>
      <SectionCard title="Status overview" level={3}>
        <Stack spacing={1}>
          {PLATFORM_STATUS.map((platform) => (
            <Stack key={platform.name} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flexGrow: 1 }}>{platform.name}</Typography>
              <Chip size="small" color={platform.color} label={platform.status} />
            </Stack>
          ))}
        </Stack>
      </SectionCard>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {COMING_SOON.map((name) => (
          <Card key={name} variant="outlined">
            <CardContent>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
                  {name}
                </Typography>
                <Chip size="small" label="Coming soon" />
              </Stack>
              <Button variant="outlined" disabled>
                {`Connect ${name}`}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}

/** Settings › Integrations: the AI assistants and the social platforms, as two sub-tabs. */
export function IntegrationsSettings() {
  const [tab, setTab] = useState<IntegrationsTab>('ai');
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: IntegrationsTab) => setTab(value)}
        aria-label="Integrations"
        // Two tabs side by side, each label wrapping in its half instead of scrolling out of view.
        variant="fullWidth"
        sx={{ mb: 3, maxWidth: { sm: 520 } }}
      >
        <Tab
          value="ai"
          label="AI Assistants"
          id="integrations-tab-ai"
          aria-controls="integrations-panel-ai"
        />
        <Tab
          value="social"
          label="Social Media Platforms"
          id="integrations-tab-social"
          aria-controls="integrations-panel-social"
        />
      </Tabs>
      <Box
        role="tabpanel"
        id={`integrations-panel-${tab}`}
        aria-labelledby={`integrations-tab-${tab}`}
      >
        {tab === 'ai' ? <AiAssistantsPanel /> : <SocialPlatformsPanel />}
      </Box>
    </Box>
  );
}
