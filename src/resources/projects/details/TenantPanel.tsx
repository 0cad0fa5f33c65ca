import { Box, Card, CardContent, CardHeader } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import type { UnitPageContext } from './projectQueries';

/** The tenant's logo (sales-organisation logo first), shown on the root unit. */
export function TenantLogo({ context }: { context: UnitPageContext }) {
  const [failed, setFailed] = useState(false);
  const { root, tenant } = context;
  if (failed) return null;
  const logoId = root.salesOrgID ? `${tenant.id}_${root.salesOrgID}` : String(tenant.id);
  return (
    <Box
      component="img"
      src={`/api/data/planxchange/tenantfiles/${logoId}/thumbnail.png`}
      alt={tenant.name}
      onError={() => setFailed(true)}
      sx={{ maxHeight: 56, maxWidth: 200, objectFit: 'contain', display: { xs: 'none', sm: 'block' } }}
      data-testid="tenant-logo"
    />
  );
}

/** The tenant's information (HTML, sanitised by the server) with ShowTenantInfo. */
export function TenantInfoCard({ context }: { context: UnitPageContext }) {
  const translate = useTranslate();
  const enabled = context.features.includes('ShowTenantInfo');
  const dataProvider = usePortalDataProvider();
  const { data } = useQuery({
    queryKey: ['tenant-info', context.root.id],
    enabled,
    queryFn: () => dataProvider.getTenantInfo(context.root.id),
  });
  if (!enabled || !data?.html) return null;
  return (
    <Card data-testid="tenant-info">
      <CardHeader title={context.tenant.name} subheader={translate('PROJECTS.TenantInfo')} slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 600 } } }} sx={{ pb: 0 }} />
      {/* The server allows only a small set of tags and attributes (see src/domain/sanitizeHtml.ts). */}
      <CardContent sx={{ '& p': { mt: 0 } }} dangerouslySetInnerHTML={{ __html: data.html }} />
    </Card>
  );
}
