import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import PublicIcon from '@mui/icons-material/Public';
import { Box, Button, Card, CardActions, CardContent, CardMedia, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { lazyNamed } from '../../layout/lazyView';
import { SALES_ORGS_API_RESOURCE } from '../../domain/resources';

// The request form (and its rules) loads when a customer opens it.
const SalesOrgRequestDialog = lazyNamed(() => import('./SalesOrgRequestDialog'), 'SalesOrgRequestDialog') as typeof import('./SalesOrgRequestDialog').SalesOrgRequestDialog;

interface SalesOrgCard {
  id: number;
  title: string;
  hasImage: boolean;
  imageUrl: string;
  contactMail: string;
  salesOrgUrl: string;
}

const DEFAULT_THUMBNAIL = '/images/salesorgs/default.svg';

/**
 * One card per sales organisation; the panel shows only when at least one exists. A card with a contact
 * mail offers the request for a new root project.
 */
export function SalesOrgCards() {
  const translate = useTranslate();
  const [requesting, setRequesting] = useState<SalesOrgCard | null>(null);
  const { data, isPending } = useGetList<SalesOrgCard>(SALES_ORGS_API_RESOURCE, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'title', order: 'ASC' },
  });
  if (isPending || !data?.length) return null;
  return (
    <Box component="section" aria-labelledby="salesorgs-title" sx={{ mt: 3 }}>
      <Typography id="salesorgs-title" variant="h6" sx={{ mb: 1.5 }}>
        {translate('DASHBOARD.SalesOrganisations')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {data.map((org) => (
          <Card key={org.id} variant="outlined" data-testid="salesorg-card" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardMedia
              component="img"
              height="110"
              image={org.hasImage ? org.imageUrl : DEFAULT_THUMBNAIL}
              alt={translate('DASHBOARD.ImageAlt', { title: org.title })}
              sx={{ objectFit: 'contain', bgcolor: 'grey.50', p: 2 }}
            />
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="subtitle1" gutterBottom sx={{ fontWeight: 600 }}>
                {org.title}
              </Typography>
              <Stack spacing={0.5}>
                {org.contactMail && (
                  <Link href={`mailto:${org.contactMail}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }} aria-label={`${org.contactMail} – ${translate('DASHBOARD.ContactMail')}`}>
                    <MailOutlineIcon fontSize="small" /> {org.contactMail}
                  </Link>
                )}
                {org.salesOrgUrl && (
                  <Link href={org.salesOrgUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <PublicIcon fontSize="small" /> {translate('DASHBOARD.Homepage')}
                  </Link>
                )}
              </Stack>
            </CardContent>
            {org.contactMail && (
              <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
                <Button size="small" variant="outlined" startIcon={<AddBusinessOutlinedIcon />} onClick={() => setRequesting(org)}>
                  {translate('DASHBOARD.SalesOrgRequest.Action')}
                </Button>
              </CardActions>
            )}
          </Card>
        ))}
      </Box>
      {requesting && <SalesOrgRequestDialog salesOrg={requesting} onClose={() => setRequesting(null)} />}
    </Box>
  );
}
