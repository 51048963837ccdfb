import { Link as RouterLink } from 'react-router';
import { Box, Button, Container, Divider, Link, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { PageTitle } from '../../components/page-title';
import PublicLayout from './public-layout';
import { CONTACT_EMAIL, REPLY_TIME } from './contact-details';
import type { LegalDocumentContent } from './legal-content';

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export default function LegalDocument({ content }: { content: LegalDocumentContent }) {
  return (
    <PublicLayout>
      <PageTitle>{content.title}</PageTitle>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
        <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
          Back to Home
        </Button>
        <Typography
          component="h1"
          variant="h3"
          sx={{ mt: 2, fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' } }}
        >
          {content.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Last updated: {content.lastUpdated}
        </Typography>
        <Typography variant="body1" sx={{ mt: 3 }}>
          {content.intro}
        </Typography>
        <Divider sx={{ my: 4 }} />
        {content.sections.map((section, index) => {
          const headingId = slug(section.heading);
          return (
            <Box
              component="section"
              key={section.heading}
              aria-labelledby={headingId}
              sx={{ mb: 4 }}
            >
              <Typography
                id={headingId}
                component="h2"
                variant="h5"
                sx={{ fontWeight: 700, mb: 1.5 }}
              >
                {index + 1}. {section.heading}
              </Typography>
              {section.items && (
                <Box component="ul" sx={{ pl: 3, my: 1.5 }}>
                  {section.items.map((item) => (
                    <Typography component="li" variant="body1" key={item} sx={{ mb: 1 }}>
                      {item}
                    </Typography>
                  ))}
                </Box>
              )}
              {section.paragraphs?.map((paragraph) => (
                <Typography variant="body1" key={paragraph} sx={{ mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
            </Box>
          );
        })}
        <Box component="section" aria-labelledby="contact-us" sx={{ mb: 2 }}>
          <Typography id="contact-us" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
            {content.sections.length + 1}. Contact us
          </Typography>
          <Typography variant="body1">
            Questions about our {content.title}? Email us at{' '}
            <Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Link> or use our{' '}
            <Link component={RouterLink} to="/contact">
              contact form
            </Link>
            . We respond {REPLY_TIME}.
          </Typography>
        </Box>
      </Container>
    </PublicLayout>
  );
}
