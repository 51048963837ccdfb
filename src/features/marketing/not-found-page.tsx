import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PublicLayout from './public-layout';
import { PageTitle } from '../../components/page-title';

export default function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();

  // The first page of a visit has the key 'default': there is nothing of ours to go back to,
  // and going home beats leaving the site.
  const goBack = () => {
    if (location.key === 'default') void navigate('/');
    else void navigate(-1);
  };

  return (
    <PublicLayout>
      <PageTitle>Page not found</PageTitle>
      <Container
        maxWidth="sm"
        sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', py: { xs: 8, md: 12 } }}
      >
        <Box sx={{ textAlign: 'center' }}>
          <Typography
            component="p"
            color="primary"
            sx={{ fontSize: { xs: '5rem', md: '7rem' }, fontWeight: 800, lineHeight: 1 }}
          >
            404
          </Typography>
          <Typography component="h1" variant="h4" sx={{ mt: 2, fontWeight: 800 }}>
            Page not found
          </Typography>
          <Typography variant="body1" color="text.secondary" sx={{ mt: 2 }}>
            The page you are looking for does not exist or has been moved.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mt: 4, justifyContent: 'center' }}
          >
            <Button
              component={RouterLink}
              to="/dashboard"
              variant="contained"
              disableElevation
              startIcon={<DashboardIcon />}
            >
              Go to Dashboard
            </Button>
            <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={goBack}>
              Go Back
            </Button>
          </Stack>
        </Box>
      </Container>
    </PublicLayout>
  );
}
