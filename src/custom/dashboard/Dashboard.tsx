import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { CurrentProjectsCard } from './CurrentProjectsCard';
import { InfoPanels } from './InfoPanels';
import { SalesOrgCards } from './SalesOrgCards';

export const DASHBOARD_PATH = '/dash';

export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <>
      <Title title="DASHBOARD.Title" />
      <Card sx={{ background: (theme) => `linear-gradient(120deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`, color: 'primary.contrastText' }}>
        <CardContent sx={{ py: 4 }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {translate('DASHBOARD.Welcome', { name: identity?.fullName ?? '' })}
          </Typography>
          <Typography variant="body1" sx={{ maxWidth: 720, opacity: 0.9 }}>
            {translate('DASHBOARD.WelcomeText')}
          </Typography>
        </CardContent>
      </Card>
      <InfoPanels />
      <CurrentProjectsCard />
      <SalesOrgCards />
    </>
  );
}
